#define BOOST_TEST_MODULE eval
#include <boost/test/unit_test.hpp>
