# cxxtest.cmake: run cxxtest from a CMake project.
#
#   list(APPEND CMAKE_MODULE_PATH /usr/share/cxxtest)   # where this file is
#   include(cxxtest)
#   enable_testing()                                     # for the ctest test
#   cxxtest_add_targets([PACKAGES pkg...] [WORKING_DIRECTORY dir] [FLAGS flag...])
#
# adds
#   target  cxxtest        runs `cxxtest FLAGS PACKAGES` (default ./...)
#   target  cxxtest-fuzz   runs `cxxtest FLAGS -fuzz=${CXXTEST_FUZZ}
#                          -fuzztime=${CXXTEST_FUZZTIME} ${CXXTEST_FUZZPKG}`;
#                          fails with a message when CXXTEST_FUZZ is empty
#   test    cxxtest        the same command as the cxxtest target, for ctest
#
# WORKING_DIRECTORY is where cxxtest runs, inside the module (default: the
# calling CMakeLists.txt's directory). cxxtest keeps its own build and test
# caches, so these targets depend on no CMake target and always run.
#
# Cache variables:
#   CXXTEST_EXECUTABLE  the cxxtest program (found in PATH)
#   CXXTEST_FUZZ        fuzz target for cxxtest-fuzz, e.g. FuzzParse
#   CXXTEST_FUZZPKG     the one package holding it (.)
#   CXXTEST_FUZZTIME    how long to fuzz: 30s, 5m or 1000x (30s)
include_guard(GLOBAL)

find_program(CXXTEST_EXECUTABLE cxxtest DOC "the cxxtest command")
set(CXXTEST_FUZZ "" CACHE STRING "fuzz target run by the cxxtest-fuzz target, e.g. FuzzParse")
set(CXXTEST_FUZZPKG "." CACHE STRING "package holding CXXTEST_FUZZ")
set(CXXTEST_FUZZTIME "30s" CACHE STRING "how long cxxtest-fuzz fuzzes: 30s, 5m or 1000x")

function(cxxtest_add_targets)
  cmake_parse_arguments(ARG "" "WORKING_DIRECTORY" "PACKAGES;FLAGS" ${ARGN})
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "cxxtest_add_targets: unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT CXXTEST_EXECUTABLE)
    message(FATAL_ERROR "cxxtest_add_targets: cxxtest not found; set CXXTEST_EXECUTABLE")
  endif()
  if(NOT ARG_PACKAGES)
    set(ARG_PACKAGES ./...)
  endif()
  if(NOT ARG_WORKING_DIRECTORY)
    set(ARG_WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
  endif()

  set(test_command ${CXXTEST_EXECUTABLE} ${ARG_FLAGS} ${ARG_PACKAGES})
  add_custom_target(cxxtest
    COMMAND ${test_command}
    WORKING_DIRECTORY ${ARG_WORKING_DIRECTORY}
    USES_TERMINAL
    COMMENT "cxxtest ${ARG_PACKAGES}"
    VERBATIM)
  add_test(NAME cxxtest COMMAND ${test_command} WORKING_DIRECTORY ${ARG_WORKING_DIRECTORY})

  if(CXXTEST_FUZZ)
    set(fuzz_command ${CXXTEST_EXECUTABLE} ${ARG_FLAGS} -fuzz=${CXXTEST_FUZZ}
        -fuzztime=${CXXTEST_FUZZTIME} ${CXXTEST_FUZZPKG})
  else()
    set(fuzz_command ${CMAKE_COMMAND} -E echo
        "cxxtest-fuzz: CXXTEST_FUZZ is not set; configure with -DCXXTEST_FUZZ=FuzzXxx"
        COMMAND ${CMAKE_COMMAND} -E false)
  endif()
  add_custom_target(cxxtest-fuzz
    COMMAND ${fuzz_command}
    WORKING_DIRECTORY ${ARG_WORKING_DIRECTORY}
    USES_TERMINAL
    VERBATIM)
endfunction()
