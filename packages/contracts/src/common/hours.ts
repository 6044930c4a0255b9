/** Minutes as decimal hours, two places (450 minutes: 7.5; 500: 8.33), as attendance and payouts answer `hours`. Zod-free. */
export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
