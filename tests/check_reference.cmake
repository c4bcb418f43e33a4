# ctest reference_is_current: docs/REFERENCE.md must be what `smallsteps list --markdown` prints now.
execute_process(COMMAND ${EXE} list --markdown OUTPUT_VARIABLE generated RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "smallsteps list --markdown exited with ${status}")
endif()
file(READ ${REFERENCE} committed)
if(NOT generated STREQUAL committed)
  message(FATAL_ERROR "docs/REFERENCE.md differs from `smallsteps list --markdown`: a settings or parameter "
                      "table changed; regenerate it with build/release/bin/smallsteps list --markdown > docs/REFERENCE.md")
endif()
