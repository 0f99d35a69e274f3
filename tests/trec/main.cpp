#define BOOST_TEST_MODULE trec
#include <boost/test/unit_test.hpp>
