/** Today as 'YYYY-MM-DD' in UTC: the day every license expiry is measured against. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);
