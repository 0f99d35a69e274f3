# Installing the public library: libboilerdex (plugin + config code, one shared object with
# a SONAME), its headers, a CMake package (find_package(boilerdex) → boilerdex::boilerdex)
# and a pkg-config file (boilerdex.pc). indexer, query and trec are internal static
# libraries linked into the tools; they are not installed.
include(CMakePackageConfigHelpers)

install(TARGETS boilerdex_plugin EXPORT boilerdexTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# plugin's public headers come from its three parts' include folders (page, extractors,
# faces); installed together, as one include/boilerdex/ tree.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/plugin/page/include/ ${PROJECT_SOURCE_DIR}/plugin/extractors/include/
  ${PROJECT_SOURCE_DIR}/plugin/faces/include/ ${PROJECT_SOURCE_DIR}/config/include/
  ${PROJECT_BINARY_DIR}/include/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.hpp")

set(boilerdex_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/boilerdex)
install(EXPORT boilerdexTargets NAMESPACE boilerdex:: DESTINATION ${boilerdex_cmake_dir})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/boilerdexConfig.cmake.in
  ${PROJECT_BINARY_DIR}/boilerdexConfig.cmake INSTALL_DESTINATION ${boilerdex_cmake_dir})
# 0.x: a new minor version may break the API (see the SONAME in plugin/CMakeLists.txt).
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(boilerdex_compatibility SameMinorVersion)
else()
  set(boilerdex_compatibility SameMajorVersion)
endif()
write_basic_package_version_file(${PROJECT_BINARY_DIR}/boilerdexConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY ${boilerdex_compatibility})
install(FILES ${PROJECT_BINARY_DIR}/boilerdexConfig.cmake ${PROJECT_BINARY_DIR}/boilerdexConfigVersion.cmake
  DESTINATION ${boilerdex_cmake_dir})

# pkg-config: a prefix-relative file, so a relocated install still works.
file(RELATIVE_PATH boilerdex_pc_libdir_rel ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_FULL_LIBDIR})
file(RELATIVE_PATH boilerdex_pc_prefix_rel ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" boilerdex_pc_libdir_rel "${boilerdex_pc_libdir_rel}")
string(REGEX REPLACE "/$" "" boilerdex_pc_prefix_rel "${boilerdex_pc_prefix_rel}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/boilerdex.pc.in ${PROJECT_BINARY_DIR}/boilerdex.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/boilerdex.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
