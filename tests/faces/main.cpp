#define BOOST_TEST_MODULE faces
#include <boost/test/unit_test.hpp>
