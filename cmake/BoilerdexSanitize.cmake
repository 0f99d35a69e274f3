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
endif()
