/**
 * The main application chunk: everything a signed-in user sees. Loaded lazily by the router (spec 2).
 */
import 'mantine-datatable/styles.css';

export { AccountPage } from '../features/account/AccountPage';
export { AirportCreatePage, AirportEditPage } from '../features/airports/AirportFormPage';
export { AirportsListPage } from '../features/airports/AirportsListPage';
export { CoreAirportsPage } from '../features/core-airports/CoreAirportsPage';
export { CompanyLayout, OrgLayout } from './shell/layouts';
