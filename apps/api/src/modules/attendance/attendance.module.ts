import type { ApiModule } from '../../kit/modules.ts';
import { registerAttendanceRoutes } from './attendance.routes.ts';

export const attendanceModule: ApiModule = {
  name: 'attendance',
  tags: [
    {
      name: 'attendance',
      description: "Drivers' days (start, end, hours, present, absent or leave, paid or not) and their paid and unpaid sums",
    },
  ],
  errors: [
    'attendance_day_taken',
    'attendance_paid_by_payout',
    'attendance_paid',
    'attendance_open',
    'attendance_admin_only',
    'attendance_times_order',
    'attendance_too_long',
    'attendance_start_off_day',
    'attendance_end_needs_start',
    'attendance_no_times',
    'attendance_in_future',
  ],
  auditEntities: ['attendance'],
  register: registerAttendanceRoutes,
};
