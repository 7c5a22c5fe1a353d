/** The cookie that remembers the announcement a visitor closed (its id), for a year. */
export const announcementCookie = 'nimbus_announcement_closed';
