# Writes a C++ source defining a function that returns the bytes of a file (run with cmake -P).
# Inputs: INPUT (file to embed), OUTPUT (the .cpp to write), FUNCTION (qualified function name).
file(READ "${INPUT}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," bytes "${hex}")
string(REGEX REPLACE "(([^,]*,){32})" "\\1\n" bytes "${bytes}")
file(WRITE "${OUTPUT}.tmp" "// Generated from ${INPUT} at build time; do not edit.\n#include <string_view>\n\nnamespace {\nconstexpr char ${FUNCTION}_bytes[] = {\n${bytes}'\\0'};\n}  // namespace\n\nnamespace bds {\nstd::string_view ${FUNCTION}() { return {${FUNCTION}_bytes, sizeof(${FUNCTION}_bytes) - 1}; }\n}  // namespace bds\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
