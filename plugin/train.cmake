# boilerdex-train: learns shallow-feature block classifiers (the WSDM 2010 paper's Table 2)
# with OpenCV's CART trees (Debian libopencv-ml-dev) and XGBoost (libxgboost-dev), and
# exports them as model files that libboilerdex itself runs (learned_model.hpp, extractor
# "learned:PATH"). Built only when both libraries are found; libboilerdex never links them.
# Headers and libraries are looked up directly: Debian's libxgboost-dev CMake package
# fails hard when the `xgboost` command-line package is absent (its targets file checks
# /usr/bin/xgboost), and libopencv-ml-dev ships no CMake package (libopencv-dev does).
find_path(BOILERDEX_XGBOOST_INCLUDE_DIR xgboost/c_api.h)
find_library(BOILERDEX_XGBOOST_LIBRARY xgboost)
find_path(BOILERDEX_OPENCV_INCLUDE_DIR opencv2/ml.hpp PATH_SUFFIXES opencv4)
find_library(BOILERDEX_OPENCV_ML_LIBRARY opencv_ml)
find_library(BOILERDEX_OPENCV_CORE_LIBRARY opencv_core)
mark_as_advanced(BOILERDEX_XGBOOST_INCLUDE_DIR BOILERDEX_XGBOOST_LIBRARY BOILERDEX_OPENCV_INCLUDE_DIR BOILERDEX_OPENCV_ML_LIBRARY BOILERDEX_OPENCV_CORE_LIBRARY)

set(boilerdex_train_found OFF)
if(BOILERDEX_XGBOOST_INCLUDE_DIR AND BOILERDEX_XGBOOST_LIBRARY AND BOILERDEX_OPENCV_INCLUDE_DIR AND BOILERDEX_OPENCV_ML_LIBRARY
   AND BOILERDEX_OPENCV_CORE_LIBRARY)
  set(boilerdex_train_found ON)
endif()
option(BOILERDEX_WITH_TRAIN "Build boilerdex-train (needs libxgboost-dev and libopencv-ml-dev)"
       ${boilerdex_train_found})

if(BOILERDEX_WITH_TRAIN)
  if(NOT boilerdex_train_found)
    message(FATAL_ERROR "BOILERDEX_WITH_TRAIN needs XGBoost (Debian: libxgboost-dev) and OpenCV's "
                        "ml module (libopencv-ml-dev)")
  endif()
  # Imported targets: their include directories are system ones, so the libraries' own
  # warnings under C++20 stay out of our builds.
  add_library(boilerdex_xgboost INTERFACE IMPORTED)
  target_include_directories(boilerdex_xgboost INTERFACE ${BOILERDEX_XGBOOST_INCLUDE_DIR})
  target_link_libraries(boilerdex_xgboost INTERFACE ${BOILERDEX_XGBOOST_LIBRARY})
  add_library(boilerdex_opencv_ml INTERFACE IMPORTED)
  target_include_directories(boilerdex_opencv_ml INTERFACE ${BOILERDEX_OPENCV_INCLUDE_DIR})
  target_link_libraries(boilerdex_opencv_ml INTERFACE ${BOILERDEX_OPENCV_ML_LIBRARY}
                        ${BOILERDEX_OPENCV_CORE_LIBRARY})

  # The training library: private headers in src/train, linked by the tool and tests/train.
  file(GLOB boilerdex_train_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/train/*.cpp)
  add_library(boilerdex_train STATIC ${boilerdex_train_sources})
  add_library(boilerdex::train ALIAS boilerdex_train)
  target_include_directories(boilerdex_train PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/src/train)
  target_link_libraries(boilerdex_train PUBLIC boilerdex::eval boilerdex::plugin
                        PRIVATE boilerdex_xgboost boilerdex_opencv_ml nlohmann_json::nlohmann_json
                                Threads::Threads)
  boilerdex_tool(boilerdex-train tools/boilerdex_train.cpp boilerdex::train CLI11::CLI11)
  message(STATUS "boilerdex-train: on (${BOILERDEX_XGBOOST_LIBRARY}, ${BOILERDEX_OPENCV_ML_LIBRARY})")
else()
  message(STATUS "boilerdex-train: off (needs libxgboost-dev and libopencv-ml-dev)")
endif()
