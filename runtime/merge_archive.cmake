# cmake -DARCHIVE=a.a -DADD=b.a -DAR=ar -P merge_archive.cmake
# Rewrites ARCHIVE to hold its own members and every member of ADD, through
# an ar MRI script (GNU ar and llvm-ar both read it). Run after each build of
# ARCHIVE, which the build always writes anew.
set(script "${ARCHIVE}.mri")
file(WRITE "${script}" "create ${ARCHIVE}.merged\naddlib ${ARCHIVE}\naddlib ${ADD}\nsave\nend\n")
execute_process(COMMAND "${AR}" -M INPUT_FILE "${script}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "merging ${ADD} into ${ARCHIVE} failed (${AR} -M: ${rc})")
endif()
file(RENAME "${ARCHIVE}.merged" "${ARCHIVE}")
file(REMOVE "${script}")
