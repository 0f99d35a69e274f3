# Helpers shared by every component.

# boilerdex_component(NAME SOURCES... [TYPE STATIC|SHARED] [PUBLIC_DEPS ...] [PRIVATE_DEPS ...])
# Builds the library boilerdex_<NAME> (alias boilerdex::<NAME>) from <NAME>/src, with
# <NAME>/include as its public include directory, and (with BOILERDEX_COMPILE_HEADERS)
# a check target that compiles every public header on its own. TYPE defaults to CMake's
# choice (BUILD_SHARED_LIBS). plugin does not use it: libboilerdex is built in
# plugin/CMakeLists.txt from its parts (page, extractors, faces), each an OBJECT library.
function(boilerdex_component name)
  cmake_parse_arguments(ARG "" "TYPE" "SOURCES;PUBLIC_DEPS;PRIVATE_DEPS" ${ARGN})
  add_library(boilerdex_${name} ${ARG_TYPE} ${ARG_SOURCES})
  add_library(boilerdex::${name} ALIAS boilerdex_${name})
  target_include_directories(boilerdex_${name} PUBLIC
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_link_libraries(boilerdex_${name} PUBLIC ${ARG_PUBLIC_DEPS} PRIVATE ${ARG_PRIVATE_DEPS})
  boilerdex_header_check(${name})
endfunction()

# boilerdex_header_check(NAME): with BOILERDEX_COMPILE_HEADERS, the target
# boilerdex_<NAME>_header_check compiles every <NAME>/include/**/*.hpp on its own
# against boilerdex_<NAME>.
function(boilerdex_header_check name)
  if(BOILERDEX_COMPILE_HEADERS)
    file(GLOB_RECURSE headers CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/include/*.hpp)
    set(checks "")
    foreach(h ${headers})
      file(RELATIVE_PATH rel ${CMAKE_CURRENT_SOURCE_DIR}/include ${h})
      string(MAKE_C_IDENTIFIER ${rel} id)
      set(src ${CMAKE_CURRENT_BINARY_DIR}/header_check/${id}.cpp)
      file(CONFIGURE OUTPUT ${src} CONTENT "#include \"${rel}\"\n")
      list(APPEND checks ${src})
    endforeach()
    if(checks)
      add_library(boilerdex_${name}_header_check OBJECT ${checks})
      target_link_libraries(boilerdex_${name}_header_check PRIVATE boilerdex_${name})
    endif()
  endif()
endfunction()

# boilerdex_tool(NAME SOURCE LIBS...): a thin main linked to its component.
function(boilerdex_tool name source)
  add_executable(${name} ${source})
  target_link_libraries(${name} PRIVATE ${ARGN})
  # Tool-side headers (CLI11 option helpers: boilerdex/config/count_options.hpp, the
  # --version text and the versions it names: tool_version.hpp, tool_versions.h), not installed.
  configure_file(${PROJECT_SOURCE_DIR}/cmake/tool_versions.h.in
    ${PROJECT_BINARY_DIR}/tools-include/boilerdex/config/tool_versions.h @ONLY)
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/config/tools ${PROJECT_BINARY_DIR}/tools-include)
  # Installed tools find the installed libboilerdex next to them, wherever the prefix is.
  set_target_properties(${name} PROPERTIES INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}")
  install(TARGETS ${name} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  boilerdex_man_page(${name})
  # bash completion, read from the tool's --help at completion time; bash-completion loads
  # it by the command's name.
  install(FILES ${PROJECT_SOURCE_DIR}/config/completion/boilerdex.bash
    DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME ${name})
endfunction()

# Man pages, written at build time by help2man (Debian: help2man; optional) from each tool's
# --help, its subcommands' --help and --version: the same option definitions the tool parses
# with. Installed under share/man/man1.
find_program(BOILERDEX_HELP2MAN help2man)
option(BOILERDEX_MAN_PAGES "Generate the tools' man pages with help2man" ON)

# boilerdex_man_page(TOOL): build/man/TOOL.1, part of `all`, installed.
function(boilerdex_man_page name)
  if(NOT BOILERDEX_MAN_PAGES OR NOT BOILERDEX_HELP2MAN OR CMAKE_CROSSCOMPILING)
    return()
  endif()
  set(page ${PROJECT_BINARY_DIR}/man/${name}.1)
  add_custom_command(OUTPUT ${page}
    COMMAND ${CMAKE_COMMAND} -DHELP2MAN=${BOILERDEX_HELP2MAN} -DTOOL=$<TARGET_FILE:${name}> -DOUTPUT=${page}
            -P ${PROJECT_SOURCE_DIR}/cmake/man_page.cmake
    DEPENDS ${name} ${PROJECT_SOURCE_DIR}/cmake/man_page.cmake
    COMMENT "man page ${name}.1 (help2man)" VERBATIM)
  add_custom_target(${name}-man ALL DEPENDS ${page})
  install(FILES ${page} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endfunction()
