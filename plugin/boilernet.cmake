# The BoilerNet-style sequence labeller (plugin/src/boilernet/): a separate library,
# boilerdex_boilernet (alias boilerdex::boilernet), linking libtorch and libboilerdex, and
# the tool boilerdex-boilernet (train, eval, extract). Optional: BOILERDEX_WITH_TORCH is ON
# by default when find_package(Torch) succeeds (Debian: libtorch-dev), OFF otherwise, and
# nothing else in boilerdex depends on it.
#
# The library's one public header, boilerdex/boilernet/extractor.hpp, includes no torch
# header. Linking boilerdex::boilernet defines BOILERDEX_WITH_BOILERNET=1 for the linking
# target, so a tool can guard its call to register_boilernet_extractor() with #if.
if(NOT DEFINED BOILERDEX_WITH_TORCH OR BOILERDEX_WITH_TORCH)
  find_package(Torch QUIET CONFIG)
endif()
option(BOILERDEX_WITH_TORCH "Build the BoilerNet sequence labeller (needs libtorch)" ${Torch_FOUND})
if(BOILERDEX_WITH_TORCH AND NOT Torch_FOUND)
  message(FATAL_ERROR "BOILERDEX_WITH_TORCH is ON but libtorch was not found "
                      "(Debian: libtorch-dev; or set Torch_DIR)")
endif()

if(BOILERDEX_WITH_TORCH)
  message(STATUS "boilerdex: BoilerNet sequence labeller with libtorch ${Torch_VERSION}")
  file(GLOB boilernet_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/boilernet/*.cpp)
  add_library(boilerdex_boilernet SHARED ${boilernet_sources})
  add_library(boilerdex::boilernet ALIAS boilerdex_boilernet)
  target_include_directories(boilerdex_boilernet
    PUBLIC $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/src/boilernet/include>
    # The plugin's private Gumbo walk (gumbo_walk_internal.hpp), for the ancestor tags.
    PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src)
  # Torch's headers are not ours to warn about; its compile flags stay on this target.
  target_include_directories(boilerdex_boilernet SYSTEM PRIVATE ${TORCH_INCLUDE_DIRS})
  target_link_libraries(boilerdex_boilernet
    PUBLIC boilerdex::plugin
    PRIVATE boilerdex::eval ${TORCH_LIBRARIES} PkgConfig::GUMBO)
  target_compile_definitions(boilerdex_boilernet INTERFACE BOILERDEX_WITH_BOILERNET=1)
  set_target_properties(boilerdex_boilernet PROPERTIES
    OUTPUT_NAME boilerdex-boilernet
    VERSION ${PROJECT_VERSION}
    SOVERSION ${boilerdex_soversion})
  if(NOT BOILERDEX_SANITIZE)
    target_link_options(boilerdex_boilernet PRIVATE "LINKER:--no-undefined")
  endif()
  set_target_properties(boilerdex_boilernet PROPERTIES INSTALL_RPATH "$ORIGIN")
  install(TARGETS boilerdex_boilernet LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})

  # boilerdex_offer_boilernet(TOOL): TOOL offers "boilernet:MODEL" without linking this
  # library: it is loaded, with libtorch, only when a boilernet extractor is built
  # (register_boilernet_module in boilerdex/boilernet/extractor.hpp), from beside
  # libboilerdex. Runs without one start faster and hold about 150 MB less.
  function(boilerdex_offer_boilernet tool)
    add_dependencies(${tool} boilerdex_boilernet)
    target_include_directories(${tool} PRIVATE ${PROJECT_SOURCE_DIR}/plugin/src/boilernet/include)
    target_compile_definitions(${tool} PRIVATE
      BOILERDEX_BOILERNET_MODULE="$<TARGET_SONAME_FILE_NAME:boilerdex_boilernet>")
  endfunction()

  # The public header compiles on its own, without torch (as boilerdex_header_check does
  # for plugin/include).
  if(BOILERDEX_COMPILE_HEADERS)
    set(boilernet_header_check ${CMAKE_CURRENT_BINARY_DIR}/header_check/boilernet_extractor_hpp.cpp)
    file(CONFIGURE OUTPUT ${boilernet_header_check}
         CONTENT "#include \"boilerdex/boilernet/extractor.hpp\"\n")
    add_library(boilerdex_boilernet_header_check OBJECT ${boilernet_header_check})
    target_include_directories(boilerdex_boilernet_header_check PRIVATE
      ${CMAKE_CURRENT_SOURCE_DIR}/src/boilernet/include)
    target_link_libraries(boilerdex_boilernet_header_check PRIVATE boilerdex_plugin)
  endif()

  if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/tools/boilerdex_boilernet.cpp)
    boilerdex_tool(boilerdex-boilernet tools/boilerdex_boilernet.cpp
                   boilerdex::boilernet boilerdex::eval boilerdex::plugin CLI11::CLI11 ${TORCH_LIBRARIES})
    # The tool's main is thin but calls the library's private command layer.
    target_include_directories(boilerdex-boilernet PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src)
  endif()
endif()
