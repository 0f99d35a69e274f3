#define BOOST_TEST_MODULE indexer
#include <boost/test/unit_test.hpp>
