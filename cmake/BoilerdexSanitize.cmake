# Reliability builds (included by the top-level CMakeLists.txt before any target exists,
# so the flags reach every library, tool and test).
#
# BOILERDEX_SANITIZE: AddressSanitizer + UndefinedBehaviorSanitizer on everything, with
# frame pointers for readable stacks. Any UB report aborts (no recovery), so a test that
# triggers one fails. GCC and Clang both work; use a separate build directory.
#
# BOILERDEX_BUILD_FUZZERS: the libFuzzer targets in tests/fuzz (Clang only). Everything is
# then compiled with -fsanitize=fuzzer-no-link for coverage feedback, plus ASan + UBSan.
option(BOILERDEX_SANITIZE "Build everything with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(BOILERDEX_BUILD_FUZZERS "Build the libFuzzer targets in tests/fuzz (Clang; implies BOILERDEX_SANITIZE)" OFF)

if(BOILERDEX_BUILD_FUZZERS)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "BOILERDEX_BUILD_FUZZERS needs Clang with libFuzzer (Debian: clang, "
                        "libclang-rt-14-dev); configure with -DCMAKE_CXX_COMPILER=clang++ "
                        "-DCMAKE_C_COMPILER=clang")
  endif()
  set(BOILERDEX_SANITIZE ON CACHE BOOL "" FORCE)
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()

if(BOILERDEX_SANITIZE)
  set(boilerdex_sanitizer_flags -fsanitize=address,undefined -fno-sanitize-recover=undefined
                                -fno-omit-frame-pointer)
  add_compile_options(${boilerdex_sanitizer_flags})
  add_link_options(${boilerdex_sanitizer_flags})
  # A C program (tests/faces/c_api_test.c) linked by clang, not clang++, would miss
  # UBSan's C++ runtime (and the libstdc++ it needs) that libboilerdex's vptr checks call.
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    add_link_options("$<$<LINK_LANGUAGE:C>:-fsanitize-link-c++-runtime;-lstdc++>")
  endif()
endif()

# Clang links its sanitizer runtimes and libFuzzer's coverage callbacks into executables
# only; a shared library leaves those symbols to be resolved at run time. libboilerdex
# links with --no-undefined, which refuses that, so a Clang sanitizer build drops the flag
# from every shared library (after all targets exist). GCC links libasan/libubsan into
# shared libraries and keeps the check.
function(boilerdex_allow_runtime_symbols_in_shared_libraries)
  get_property(dirs DIRECTORY ${PROJECT_SOURCE_DIR} PROPERTY SUBDIRECTORIES)
  foreach(dir ${dirs})
    get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
    foreach(target ${targets})
      get_target_property(type ${target} TYPE)
      get_target_property(options ${target} LINK_OPTIONS)
      if(type STREQUAL "SHARED_LIBRARY" AND options)
        list(REMOVE_ITEM options "LINKER:--no-undefined" "-Wl,--no-undefined" "LINKER:-z,defs" "-Wl,-z,defs")
        set_target_properties(${target} PROPERTIES LINK_OPTIONS "${options}")
      endif()
    endforeach()
  endforeach()
endfunction()
if(BOILERDEX_SANITIZE AND CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  cmake_language(DEFER DIRECTORY ${PROJECT_SOURCE_DIR} CALL boilerdex_allow_runtime_symbols_in_shared_libraries)
endif()
