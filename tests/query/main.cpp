#define BOOST_TEST_MODULE query
#include <boost/test/unit_test.hpp>
