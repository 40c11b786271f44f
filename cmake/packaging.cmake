# `cmake --install` and `cpack -G DEB` (README "Install").
include(GNUInstallDirs)

install(TARGETS gpulint RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The C++/CUDA front end's clang module, where the program looks for it
# (frontend/cxx/clang_loader.cpp): <libdir>/gpulint beside <bindir>.
if(TARGET gpulint_cxx_clang)
  install(TARGETS gpulint_cxx_clang LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/gpulint)
endif()

set(GPULINT_MAN_PAGE ${CMAKE_BINARY_DIR}/gpulint.1)
add_custom_command(
  OUTPUT ${GPULINT_MAN_PAGE}
  COMMAND ${CMAKE_COMMAND} -DGPULINT=$<TARGET_FILE:gpulint> -DOUT=${GPULINT_MAN_PAGE} -DVERSION=${PROJECT_VERSION}
          -P ${CMAKE_SOURCE_DIR}/cmake/man_page.cmake
  DEPENDS gpulint ${CMAKE_SOURCE_DIR}/cmake/man_page.cmake
  COMMENT "Writing the gpulint(1) man page from --help and the rule documents"
  VERBATIM)
set(GPULINT_COMPLETION ${CMAKE_BINARY_DIR}/gpulint.bash-completion)
add_custom_command(
  OUTPUT ${GPULINT_COMPLETION}
  COMMAND ${CMAKE_COMMAND} -DGPULINT=$<TARGET_FILE:gpulint> -DOUT=${GPULINT_COMPLETION}
          -P ${CMAKE_SOURCE_DIR}/cmake/completion.cmake
  DEPENDS gpulint ${CMAKE_SOURCE_DIR}/cmake/completion.cmake
  COMMENT "Writing the bash completion from --help and the rule list"
  VERBATIM)
add_custom_target(gpulint_man_page ALL DEPENDS ${GPULINT_MAN_PAGE} ${GPULINT_COMPLETION})
install(FILES ${GPULINT_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${GPULINT_COMPLETION} DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME gpulint)

set(CPACK_PACKAGE_NAME gpulint)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "static analyzer for anti-patterns that leave GPUs idle in training jobs")
set(CPACK_PACKAGE_CONTACT "gpulint maintainers <gpulint@localhost>")
set(CPACK_STRIP_FILES ON)  # RelWithDebInfo objects: the package ships no debug info
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# Depends: from the shared libraries the binary links (dpkg-shlibdeps), so it
# names exactly the Debian packages (libyaml-cpp, libclang-cpp, libstdc++...).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
include(CPack)
