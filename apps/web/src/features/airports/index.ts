/** The airports feature's lazy chunk: every screen of it, loaded when one of them is first opened. */
export { AirportCreatePage, AirportEditPage } from './AirportFormPage';
export { AirportsListPage } from './AirportsListPage';
export { CoreAirportCreatePage, CoreAirportEditPage } from './CoreAirportFormPage';
export { CoreAirportsPage } from './CoreAirportsPage';
