#define BOOST_TEST_MODULE extractors
#include <boost/test/unit_test.hpp>
