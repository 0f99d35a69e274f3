#define BOOST_TEST_MODULE plugin
#include <boost/test/unit_test.hpp>
