import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

/**
 * The driver's phone (issue 22, section 3): "My day", where a driver lands after signing in (their trips, their clock,
 * what waits to be sent), and their recent days and approved pay, opened from it (no entry of its own: an office user
 * has no days of their own to see there).
 */
export const myDayFeature = defineFeature({
  name: 'my-day',
  load: () => import('./index'),
  screens: [
    { scope: 'company', path: '/my-day', page: 'MyDayPage', permission: 'trips.view' },
    { scope: 'company', path: '/my-day/days', page: 'MyDaysPage', permission: 'attendance.view' },
  ],
  nav: [{ scope: 'company', path: '/my-day', title: 'nav.myDay', icon: 'steeringWheel', group: 'today' }],
  navTitles: { en: navEn, ta: navTa },
});
