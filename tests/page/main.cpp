#define BOOST_TEST_MODULE page
#include <boost/test/unit_test.hpp>
