# cmake -DARCHIVE=rt.a -DMEMBER=matcher.cpp.o -DADD=libre2.a -DHIDE=3re2
#       -DAR=ar -DLD=ld -DNM=nm -DOBJCOPY=objcopy -P embed_private_archive.cmake
#
# Links every member of ADD into ARCHIVE's MEMBER (ld -r) and makes local
# every symbol of the result that MEMBER did not define itself, or whose
# mangled name holds HIDE. Run after each build of ARCHIVE, which the build
# always writes anew.
#
# Why not merge ADD's members as they are: the code under test may link its
# own copy of the same library (fuzzing RE2 itself, at any revision). Its
# definitions would then replace ours at link time, and the runtime would
# call another version's code with its own headers' layouts (a crash in the
# first -run or -fuzz pattern). Made local, our copy is reachable only from
# MEMBER, whatever else the binary links.
get_filename_component(work "${ARCHIVE}.embed" ABSOLUTE)
file(REMOVE_RECURSE "${work}")
file(MAKE_DIRECTORY "${work}")

function(run what)
  execute_process(COMMAND ${ARGN} WORKING_DIRECTORY "${work}" RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "embedding ${ADD} into ${ARCHIVE}: ${what} failed (${rc})")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

run("extracting ${MEMBER}" "${AR}" x "${ARCHIVE}" "${MEMBER}")
run("ld -r" "${LD}" -r -o joined.o "${MEMBER}" --whole-archive "${ADD}" --no-whole-archive)
# MEMBER's own global definitions stay global, minus those naming HIDE
# (template instantiations over the library's types, which another copy
# of the library could define differently).
run("listing ${MEMBER}'s symbols" "${NM}" -g --defined-only -P "${MEMBER}")
string(REPLACE "\n" ";" lines "${run_output}")
set(keep "")
foreach(line IN LISTS lines)
  string(REGEX MATCH "^[^ ]+" name "${line}")
  if(name AND NOT name MATCHES "${HIDE}")
    string(APPEND keep "${name}\n")
  endif()
endforeach()
file(WRITE "${work}/keep.txt" "${keep}")
run("localizing" "${OBJCOPY}" --keep-global-symbols=keep.txt joined.o "${MEMBER}")
run("replacing ${MEMBER}" "${AR}" rs "${ARCHIVE}" "${MEMBER}")
file(REMOVE_RECURSE "${work}")
