// NYSE full-day closures and 13:00 ET early closes, 2024–2028.
//
// Source: NYSE holiday and trading-hours schedule (NYSE Group "Holiday and Early Closings Calendar"
// announcements covering 2022–2024, 2025–2027 and 2026–2028), plus the one-off closure of
// 2025-01-09 (National Day of Mourning for President Jimmy Carter).
//
// This is an explicit table on purpose: NYSE observance rules have exceptions (e.g. a Saturday
// New Year's Day is NOT moved to the Friday before, per NYSE Rule 7.2) and unscheduled closures
// happen, so computing the dates from rules would silently be wrong. Extend the table (and
// CALENDAR_LAST_YEAR in market-calendar.ts) when NYSE publishes a new year.
//
// Every date's weekday was checked when the table was written; the weekday is noted per row.

export const NYSE_HOLIDAYS: Readonly<Record<string, string>> = {
  // 2024
  '2024-01-01': "New Year's Day", // Mon
  '2024-01-15': 'Martin Luther King, Jr. Day', // Mon
  '2024-02-19': "Washington's Birthday", // Mon
  '2024-03-29': 'Good Friday', // Fri
  '2024-05-27': 'Memorial Day', // Mon
  '2024-06-19': 'Juneteenth National Independence Day', // Wed
  '2024-07-04': 'Independence Day', // Thu
  '2024-09-02': 'Labor Day', // Mon
  '2024-11-28': 'Thanksgiving Day', // Thu
  '2024-12-25': 'Christmas Day', // Wed

  // 2025
  '2025-01-01': "New Year's Day", // Wed
  '2025-01-09': 'National Day of Mourning for President Jimmy Carter', // Thu, unscheduled closure
  '2025-01-20': 'Martin Luther King, Jr. Day', // Mon
  '2025-02-17': "Washington's Birthday", // Mon
  '2025-04-18': 'Good Friday', // Fri
  '2025-05-26': 'Memorial Day', // Mon
  '2025-06-19': 'Juneteenth National Independence Day', // Thu
  '2025-07-04': 'Independence Day', // Fri
  '2025-09-01': 'Labor Day', // Mon
  '2025-11-27': 'Thanksgiving Day', // Thu
  '2025-12-25': 'Christmas Day', // Thu

  // 2026
  '2026-01-01': "New Year's Day", // Thu
  '2026-01-19': 'Martin Luther King, Jr. Day', // Mon
  '2026-02-16': "Washington's Birthday", // Mon
  '2026-04-03': 'Good Friday', // Fri
  '2026-05-25': 'Memorial Day', // Mon
  '2026-06-19': 'Juneteenth National Independence Day', // Fri
  '2026-07-03': 'Independence Day (observed)', // Fri; July 4 is a Saturday
  '2026-09-07': 'Labor Day', // Mon
  '2026-11-26': 'Thanksgiving Day', // Thu
  '2026-12-25': 'Christmas Day', // Fri

  // 2027
  '2027-01-01': "New Year's Day", // Fri
  '2027-01-18': 'Martin Luther King, Jr. Day', // Mon
  '2027-02-15': "Washington's Birthday", // Mon
  '2027-03-26': 'Good Friday', // Fri
  '2027-05-31': 'Memorial Day', // Mon
  '2027-06-18': 'Juneteenth National Independence Day (observed)', // Fri; June 19 is a Saturday
  '2027-07-05': 'Independence Day (observed)', // Mon; July 4 is a Sunday
  '2027-09-06': 'Labor Day', // Mon
  '2027-11-25': 'Thanksgiving Day', // Thu
  '2027-12-24': 'Christmas Day (observed)', // Fri; Dec 25 is a Saturday
  // 2027-12-31 (Fri) is a normal trading day: New Year's Day 2028 is a Saturday and is not observed.

  // 2028 (no New Year's Day holiday: Jan 1 is a Saturday)
  '2028-01-17': 'Martin Luther King, Jr. Day', // Mon
  '2028-02-21': "Washington's Birthday", // Mon
  '2028-04-14': 'Good Friday', // Fri
  '2028-05-29': 'Memorial Day', // Mon
  '2028-06-19': 'Juneteenth National Independence Day', // Mon
  '2028-07-04': 'Independence Day', // Tue
  '2028-09-04': 'Labor Day', // Mon
  '2028-11-23': 'Thanksgiving Day', // Thu
  '2028-12-25': 'Christmas Day', // Mon
}

// Regular session ends 13:00 ET (late trading 17:00 ET). Only days that are weekday trading days
// appear: no July 3 early close in 2026 (it is the observed holiday) or 2027 (a Saturday), and no
// Christmas Eve early close in 2027 (observed holiday) or 2028 (a Sunday).
export const NYSE_EARLY_CLOSES: Readonly<Record<string, string>> = {
  '2024-07-03': 'Day before Independence Day', // Wed
  '2024-11-29': 'Day after Thanksgiving', // Fri
  '2024-12-24': 'Christmas Eve', // Tue

  '2025-07-03': 'Day before Independence Day', // Thu
  '2025-11-28': 'Day after Thanksgiving', // Fri
  '2025-12-24': 'Christmas Eve', // Wed

  '2026-11-27': 'Day after Thanksgiving', // Fri
  '2026-12-24': 'Christmas Eve', // Thu

  '2027-11-26': 'Day after Thanksgiving', // Fri

  '2028-07-03': 'Day before Independence Day', // Mon
  '2028-11-24': 'Day after Thanksgiving', // Fri
}
