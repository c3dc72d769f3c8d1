"""Numbers of the container in an expanded scene, for the peers that draw it.

`segue expand` writes what depends on the container as a share of it,
{"of": "container", "times": k, "plus": c}: k times the container's width (or height) plus c
points. A peer draws one container, so it takes those back to numbers: in a pair or a
rectangle ([tx, ty], [w, h], [x, y, w, h]) an even place is along x (the width), an odd one
along y (the height). A formula ({"formula": ...}) is not read here: the peers' scenes have
none, and meeting one is an error that names it.
"""


def resolve(value, width, height, horizontal=True):
    """`value` with every share of the container replaced by its points."""
    if isinstance(value, dict):
        if value.get("of") == "container" and "times" in value:
            side = width if horizontal else height
            return value["times"] * side + value.get("plus", 0)
        if "formula" in value:
            raise ValueError(f"a formula is not drawn by this peer: {value['formula']}")
        return {key: resolve(item, width, height) for key, item in value.items()}
    if isinstance(value, list):
        return [resolve(item, width, height, index % 2 == 0) for index, item in enumerate(value)]
    return value
