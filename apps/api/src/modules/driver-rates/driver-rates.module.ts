import type { ApiModule } from '../../kit/modules.ts';
import { registerDriverRateRoutes } from './driver-rates.routes.ts';

export const driverRatesModule: ApiModule = {
  name: 'driver-rates',
  tags: [{ name: 'driver-rates', description: "A driver's hourly rates, each from a day on, with the one in force today" }],
  errors: ['driver_rate_taken'],
  auditEntities: ['driver_rate'],
  register: registerDriverRateRoutes,
};
