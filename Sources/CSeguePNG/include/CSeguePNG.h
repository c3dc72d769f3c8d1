/// CSeguePNG: the only code in Segue that calls libpng.
///
/// Why a C shim: libpng reports errors with setjmp/longjmp, and a longjmp across a Swift
/// frame would skip Swift's cleanup (ARC releases, defer). Every libpng call sequence lives
/// in one C function here, which arms its own jump buffer, runs libpng start to finish and
/// returns a status with a message. No Swift code runs while a jump buffer is armed: the
/// shim takes no callbacks from Swift. It also hides libpng macros Swift cannot import.
#ifndef C_SEGUE_PNG_H
#define C_SEGUE_PNG_H

#include <stddef.h>
#include <stdint.h>

/// Capacity of the message buffer the caller passes to every call.
#define CSEGUEPNG_MESSAGE_CAPACITY 256

/// Success.
#define CSEGUEPNG_OK 0
/// libpng or zlib reported an error (the message says which).
#define CSEGUEPNG_FAILED 1
/// Memory could not be allocated.
#define CSEGUEPNG_NO_MEMORY 2

/// A growable byte buffer that the encoder fills; free it with csegue_png_buffer_free.
typedef struct {
  uint8_t *bytes;
  size_t count;
  size_t capacity;
} csegue_png_buffer;

/// Input layouts: 4-byte RGBA pixels written as RGBA; 4-byte pixels written as RGB (the fourth
/// byte skipped, for opaque images); 3-byte RGB pixels written as RGB.
#define CSEGUEPNG_RGBA_AS_RGBA 0
#define CSEGUEPNG_RGBX_AS_RGB 1
#define CSEGUEPNG_RGB_AS_RGB 2

/// Encoder settings: zlib level (0-9), zlib strategy (Z_DEFAULT_STRATEGY = 0, Z_FILTERED = 1,
/// Z_HUFFMAN_ONLY = 2, Z_RLE = 3), and libpng filter flags (PNG_FILTER_NONE 0x08, SUB 0x10,
/// UP 0x20, AVG 0x40, PAETH 0x80, all 0xF8).
typedef struct {
  int level;
  int strategy;
  int filters;
} csegue_png_settings;

/// Encodes 8-bit rows (straight alpha, `stride` bytes a row) in one of the layouts above.
///
/// Opaque images are best written as RGB: 25 % less data to filter and compress.
/// On success `out` holds the file's bytes; on failure `message` says why.
int csegue_png_encode_rgba8(
  const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, int layout,
  csegue_png_settings settings, csegue_png_buffer *out, char *message, size_t message_capacity);

/// Like csegue_png_encode_rgba8, but row y is read from rows[y]: rows can come from different
/// buffers (a row that is a verbatim copy of another image is not copied first).
int csegue_png_encode_rows(
  const uint8_t *const *rows, uint32_t width, uint32_t height, int layout,
  csegue_png_settings settings, csegue_png_buffer *out, char *message, size_t message_capacity);

/// Writes a PNG whose image data is `stream`, a zlib stream the caller made of the filtered
/// rows (each row's filter byte, then its bytes): libpng writes the signature, the header for
/// `width` x `height` 8-bit RGB (`has_alpha` 0) or RGBA (1), the stream as IDAT chunks and the
/// end chunk, with their CRCs. libpng does not inflate the stream: the caller answers for it.
int csegue_png_write_stream(
  const uint8_t *stream, size_t length, uint32_t width, uint32_t height, int has_alpha,
  csegue_png_buffer *out, char *message, size_t message_capacity);

/// Frees a buffer filled by csegue_png_encode_rgba8 (safe on an empty buffer).
void csegue_png_buffer_free(csegue_png_buffer *buffer);

/// Decodes a whole PNG file held in memory to 8-bit RGBA with straight alpha.
///
/// Any kind of PNG is accepted: 1/2/4/8/16-bit, grey, grey+alpha, palette (with tRNS), RGB,
/// RGBA, interlaced. 16-bit samples are scaled (rounded) to 8 bits. No gamma conversion is made:
/// the stored values are returned as they are. The caller has read the size from IHDR and
/// passes an output buffer of `width * height * 4` bytes; a file whose IHDR disagrees fails.
int csegue_png_decode_rgba8(
  const uint8_t *data, size_t size, uint32_t width, uint32_t height, uint8_t *out,
  char *message, size_t message_capacity);

/// CRC-32 (zlib's) of `length` bytes, continuing from `crc` (start with 0): for writing chunks.
uint32_t csegue_crc32(uint32_t crc, const uint8_t *bytes, size_t length);

/// Like csegue_png_decode_rgba8, but an 8-bit RGB image without transparency is returned as it
/// is stored, 3 bytes a pixel, without widening it to RGBA. `channels` says which (3 or 4);
/// `out` must hold `width * height * 4` bytes either way.
int csegue_png_decode_native(
  const uint8_t *data, size_t size, uint32_t width, uint32_t height, uint8_t *out, int *channels,
  char *message, size_t message_capacity);

/// Decodes a whole PNG file to RGBA with 16-bit samples (straight alpha, the machine's byte
/// order): 16-bit files keep their full precision, 8-bit samples are widened by 257. `out`
/// holds `width * height * 4` samples.
int csegue_png_decode_rgba16(
  const uint8_t *data, size_t size, uint32_t width, uint32_t height, uint16_t *out,
  char *message, size_t message_capacity);

#endif
