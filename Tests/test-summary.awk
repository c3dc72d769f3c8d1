# Filters `swift test -q` for `make test`: what passes shows as one line per kind of suite
# (XCTest's total, Swift Testing's run line); a failure, a warning or an error shows in full.
# A known issue (an expected failure: a test that checks Segue reports a failure) shows only
# as the count in Swift Testing's run line.
/^Test Suite .* (started|passed) at / { next }
/^Test Case '.*' (started at|passed \()/ { next }
/^[[:space:]]*Executed [0-9]+ tests?, with / { xctest = $0; sub(/^[[:space:]]*/, "", xctest); next }
/^◇ Test run started\./ || /^↳ Testing Library Version/ || /^↳ Target Platform/ { flush(); next }
/^━ Test .* recorded a known issue/ { known = 1; next }
known && (/^↳ / || /^  /) { next }
{ known = 0; flush(); print }
END { flush() }
function flush() {
  if (xctest != "" && xctest !~ /^Executed 0 tests/) print "XCTest: " xctest
  xctest = ""
}
