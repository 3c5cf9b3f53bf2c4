# The one build every test stage uses (sourced): a debug build whose library targets are compiled
# at -O (Package.swift reads ROSTER_OPTIMIZE_LIBRARIES), in .build/tests, apart from the plain
# debug build of `swift build` and the release build of `swift run -c release`. The tests keep
# DEBUG and their asserts; the server, the stores and the engine run about 2x to 4x faster than
# at -Onone, which pays for the longer compile (docs/testing.md, "The stages of scripts/test").
# Every swift command on this folder must see the same variable, or it builds everything again.
export ROSTER_OPTIMIZE_LIBRARIES=1
TEST_BUILD=(--scratch-path .build/tests)

# test_roster: the path of the roster executable of that build, built first when needed.
test_roster() {
    swift build "${TEST_BUILD[@]}" --product roster >/dev/null || return 1
    echo "$(swift build "${TEST_BUILD[@]}" --show-bin-path)/roster"
}
