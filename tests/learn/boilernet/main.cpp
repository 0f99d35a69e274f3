#define BOOST_TEST_MODULE boilernet
#include <boost/test/unit_test.hpp>
