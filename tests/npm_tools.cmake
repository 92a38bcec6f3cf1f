# The independent npm tools of tools/validate (installed by ci/setup.sh) on what the program writes: the generated
# schemas and OpenAPI descriptions, runs through Prism and Portman's contract tests, HAR reports, README and docs/.
# Included by tests/CMakeLists.txt also when the other test programs are left out (CI's optimised build).

# Independent validators we did not write (npm: ajv for JSON Schema draft-07 meta-validation,
# @seriousme/openapi-schema-validator for OpenAPI 3.0.3), installed by ci/setup.sh.
find_program(NODE node)
if(NODE)
  add_test(NAME generated_files_pass_independent_validators
           COMMAND ${NODE} ${CMAKE_SOURCE_DIR}/tools/validate/validate.mjs ${CMAKE_SOURCE_DIR})
else()
  add_test(NAME generated_files_pass_independent_validators
           COMMAND ${CMAKE_COMMAND} -E echo "node not found: run ci/setup.sh")
  set_tests_properties(generated_files_pass_independent_validators PROPERTIES WILL_FAIL ON)
endif()

# spec/openapi.json as users' tools read it: Redocly CLI's recommended rules find no error (npm @redocly/cli), and a
# whole run through Prism's validation proxy (npm @stoplight/prism-cli) meets no answer the description does not allow.
set(BDS_NPM_BIN ${CMAKE_SOURCE_DIR}/tools/validate/node_modules/.bin)
add_test(NAME openapi_passes_redocly_lint
         COMMAND ${BDS_NPM_BIN}/redocly lint --extends=recommended --max-problems 1000 ${CMAKE_SOURCE_DIR}/spec/openapi.json)
set_tests_properties(openapi_passes_redocly_lint PROPERTIES
                     ENVIRONMENT "REDOCLY_TELEMETRY=off;REDOCLY_SUPPRESS_UPDATE_NOTICE=true" TIMEOUT 120)
# Every body schema of spec/openapi.json compiles as Prism compiles it (its converter, its Ajv options), and in Ajv's
# strict mode: Prism silently validates no body whose schema Ajv refuses. The fixture, a nullable enum listing null
# (the spelling before set_enum's two anyOf branches), is one Prism's converter breaks: the script must say so.
add_test(NAME openapi_compiles_as_prism_compiles
         COMMAND ${NODE} ${CMAKE_SOURCE_DIR}/tools/validate/prism_compile.mjs ${CMAKE_SOURCE_DIR}/spec/openapi.json)
add_test(NAME openapi_per_resource_compiles_as_prism_compiles
         COMMAND ${NODE} ${CMAKE_SOURCE_DIR}/tools/validate/prism_compile.mjs
                 ${CMAKE_SOURCE_DIR}/spec/openapi.per-resource.json)
add_test(NAME prism_compile_refuses_a_duplicate_null
         COMMAND ${NODE} ${CMAKE_SOURCE_DIR}/tools/validate/prism_compile.mjs
                 ${CMAKE_CURRENT_SOURCE_DIR}/schema/fixtures/nullable_enum_listing_null.openapi.json)
set_tests_properties(openapi_compiles_as_prism_compiles openapi_per_resource_compiles_as_prism_compiles
                     prism_compile_refuses_a_duplicate_null PROPERTIES TIMEOUT 120)
set_tests_properties(prism_compile_refuses_a_duplicate_null PROPERTIES
                     PASS_REGULAR_EXPRESSION "GET /counterpart \\(counterpart\\) response 200 application/json: .*enum must NOT have duplicate items")
add_test(NAME openapi_per_resource_passes_redocly_lint
         COMMAND ${BDS_NPM_BIN}/redocly lint --extends=recommended --max-problems 1000
                 ${CMAKE_SOURCE_DIR}/spec/openapi.per-resource.json)
set_tests_properties(openapi_per_resource_passes_redocly_lint PROPERTIES
                     ENVIRONMENT "REDOCLY_TELEMETRY=off;REDOCLY_SUPPRESS_UPDATE_NOTICE=true" TIMEOUT 120)
# spec/openapi.per-resource.json as a contract tester reads it: Portman (npm @apideck/portman) generates contract tests
# from it and newman runs them against the stub; all pass, and some fail under each defect named (a body's shape).
add_test(NAME openapi_per_resource_contract_tests_under_portman
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/schema/openapi_under_portman_test.sh $<TARGET_FILE:conformance>
                 ${CMAKE_SOURCE_DIR} id-as-string deleted-flag-null feed-total-missing)
set_tests_properties(openapi_per_resource_contract_tests_under_portman PROPERTIES TIMEOUT 300 COST 60)
add_test(NAME openapi_describes_a_run_through_prism
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/schema/openapi_under_prism_test.sh $<TARGET_FILE:conformance>
                 ${CMAKE_SOURCE_DIR})
# It also runs stub defects that break a list's shape and must meet Prism's response body violations, and fails when
# no request body violation shows Prism validating bodies (arguments: [DESCRIPTION [DEFECT...]]).
# COST: ctest starts the longest first (Prism's run takes over a minute), so that none is left alone at the end.
set_tests_properties(openapi_describes_a_run_through_prism PROPERTIES TIMEOUT 600 COST 90)
# The same through the per-resource description, which holds each list's rows to their record: a record's wrong type
# (id-as-string) is a violation there too.
add_test(NAME openapi_per_resource_describes_a_run_through_prism
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/schema/openapi_under_prism_test.sh $<TARGET_FILE:conformance>
                 ${CMAKE_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/spec/openapi.per-resource.json total-null-on-empty-page
                 feed-total-missing id-as-string)
set_tests_properties(openapi_per_resource_describes_a_run_through_prism PROPERTIES TIMEOUT 600 COST 90)

# A HAR report of a real run (the built program, the bundled stub, two suites) read by har-validator (npm), an
# implementation of the HAR 1.2 schema we did not write.
if(NODE)
  add_test(NAME har_passes_har_validator
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cli/har_validator_test.sh $<TARGET_FILE:conformance> ${NODE}
                   ${CMAKE_SOURCE_DIR}/tools/validate/har.mjs)
  set_tests_properties(har_passes_har_validator PROPERTIES TIMEOUT 300)
else()
  add_test(NAME har_passes_har_validator COMMAND ${CMAKE_COMMAND} -E echo "node not found: run ci/setup.sh")
  set_tests_properties(har_passes_har_validator PROPERTIES WILL_FAIL ON)
endif()

# README.md and docs/*.md hold to the repository and the program: every relative link and #anchor (markdown-it and
# github-slugger, npm), every `conformance` command line and option (the built program's --help), every path named in
# code; README.md at most 150 lines. The second test proves the check can fail: known-bad pages, each problem named.
if(NODE)
  foreach(mode valid check_fails_on_known_bad)
    set(bad "")
    if(mode STREQUAL check_fails_on_known_bad)
      set(bad --bad)
    endif()
    add_test(NAME docs_links_${mode}
             COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/docs/docs_links_test.sh ${NODE}
                     ${CMAKE_SOURCE_DIR}/tools/validate/docs_links.mjs $<TARGET_FILE:conformance> ${CMAKE_SOURCE_DIR} ${bad})
    set_tests_properties(docs_links_${mode} PROPERTIES TIMEOUT 120)
  endforeach()
else()
  add_test(NAME docs_links_valid COMMAND ${CMAKE_COMMAND} -E echo "node not found: run ci/setup.sh")
  set_tests_properties(docs_links_valid PROPERTIES WILL_FAIL ON)
endif()
