#include "calendar_internal.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include "text_internal.hpp"

namespace boilerdex::trec::sample {
namespace {

constexpr std::array<std::string_view, 12> month_names = {"January", "February", "March",     "April",   "May",      "June",
                                                          "July",    "August",   "September", "October", "November", "December"};
constexpr std::array<std::string_view, 7> weekday_names = {"Thursday", "Friday",  "Saturday", "Sunday",
                                                           "Monday",   "Tuesday", "Wednesday"};  // 1970-01-01 was a Thursday

}  // namespace

Date civil_from_days(std::int64_t z) {
  z += 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const auto doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  const unsigned d = doy - (153 * mp + 2) / 5 + 1;
  const unsigned m = mp < 10 ? mp + 3 : mp - 9;
  const auto y = static_cast<int>(static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2 ? 1 : 0));
  return {y, static_cast<int>(m), static_cast<int>(d)};
}

std::string iso_date(std::int64_t days) {
  const Date d = civil_from_days(days);
  return zero_padded(static_cast<std::uint64_t>(d.year), 4) + '-' + zero_padded(static_cast<std::uint64_t>(d.month), 2) +
         '-' + zero_padded(static_cast<std::uint64_t>(d.day), 2);
}

std::string compact_date(std::int64_t days) {
  std::string s = iso_date(days);
  s.erase(std::remove(s.begin(), s.end(), '-'), s.end());
  return s;
}

std::string long_date(std::int64_t days) {  // "Tuesday, December 6, 2005"
  const Date d = civil_from_days(days);
  return std::string(weekday_names[static_cast<std::size_t>(((days % 7) + 7) % 7)]) + ", " +
         std::string(month_names[static_cast<std::size_t>(d.month - 1)]) + ' ' + std::to_string(d.day) + ", " +
         std::to_string(d.year);
}

std::string month_year(std::int64_t days) {
  const Date d = civil_from_days(days);
  return std::string(month_names[static_cast<std::size_t>(d.month - 1)]) + ' ' + std::to_string(d.year);
}

std::string http_date(std::int64_t days, int hour, int minute) {  // RFC 1123
  const Date d = civil_from_days(days);
  const auto weekday = weekday_names[static_cast<std::size_t>(((days % 7) + 7) % 7)].substr(0, 3);
  return std::string(weekday) + ", " + zero_padded(static_cast<std::uint64_t>(d.day), 2) + ' ' +
         std::string(month_names[static_cast<std::size_t>(d.month - 1)].substr(0, 3)) + ' ' + std::to_string(d.year) +
         ' ' + zero_padded(static_cast<std::uint64_t>(hour), 2) + ':' + zero_padded(static_cast<std::uint64_t>(minute), 2) +
         ":00 GMT";
}

std::string clock_time(int hour, int minute) {  // "9:05 pm"
  const int h12 = hour % 12 == 0 ? 12 : hour % 12;
  return std::to_string(h12) + ':' + zero_padded(static_cast<std::uint64_t>(minute), 2) + (hour < 12 ? " am" : " pm");
}

}  // namespace boilerdex::trec::sample
