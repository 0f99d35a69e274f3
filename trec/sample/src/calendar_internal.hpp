#pragma once
/// \file
/// Dates of the sample collection: the BLOGS06 crawl's days and the formats blogs and HTTP
/// headers write them in. Days count from 1970-01-01 (day 0), proleptic Gregorian, with
/// Howard Hinnant's civil-day algorithms. Private to trec/sample/src; every function is
/// pure and thread-safe.

#include <cstdint>
#include <string>

namespace boilerdex::trec::sample {

struct Date {
  int year = 1970, month = 1, day = 1;
};

/// The day number of \p y-\p m-\p d (month 1..12, day 1..31).
constexpr std::int64_t days_from_civil(int y, int m, int d) {
  y -= m <= 2 ? 1 : 0;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const auto yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * static_cast<unsigned>(m + (m > 2 ? -3 : 9)) + 2) / 5 + static_cast<unsigned>(d) - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

/// The date of day number \p z.
[[nodiscard]] Date civil_from_days(std::int64_t z);

/// The BLOGS06 crawl ran from 6 December 2005 to 21 February 2006 (78 days).
inline constexpr std::int64_t crawl_first_day = days_from_civil(2005, 12, 6);
constexpr std::int64_t crawl_days = 78;

/// "2005-12-06". \throws std::bad_alloc (as every formatter here).
[[nodiscard]] std::string iso_date(std::int64_t days);
/// "20051206", as in DOCNOs and collection folders.
[[nodiscard]] std::string compact_date(std::int64_t days);
/// "Tuesday, December 6, 2005".
[[nodiscard]] std::string long_date(std::int64_t days);
/// "December 2005".
[[nodiscard]] std::string month_year(std::int64_t days);
/// RFC 1123: "Tue, 06 Dec 2005 09:05:00 GMT".
[[nodiscard]] std::string http_date(std::int64_t days, int hour, int minute);
/// A 12-hour clock: "9:05 pm".
[[nodiscard]] std::string clock_time(int hour, int minute);

}  // namespace boilerdex::trec::sample
