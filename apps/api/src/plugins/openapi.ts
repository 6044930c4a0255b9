import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Every tag a route may use, declared once with its description (Spectral: operation-tag-defined). */
export const API_TAGS = [
  { name: 'auth', description: 'Sign-in steps, tokens, sessions, the signed-in user and two-factor sign-in' },
  { name: 'companies', description: "The organisation's companies, their first admin and partner companies (super admin)" },
  { name: 'airports', description: "A company's airports" },
  { name: 'core airports', description: "The organisation's core airports, which companies pick their airports from" },
  { name: 'locations', description: "A company's car parks, terminals and meeting points, and its public list of them" },
  { name: 'core locations', description: "The organisation's core locations, which companies pick their locations from" },
  { name: 'yards', description: 'Where valet cars are stored' },
  { name: 'documents', description: "A company's document types: which documents its drivers must hold (licence, insurance, ID...)" },
  { name: 'drivers', description: "A company's drivers (profile, approval, sign-in account) and its admins and drivers in one list" },
  { name: 'bands', description: "A company's bands (length-of-stay brackets), band types and months" },
  { name: 'packages', description: "A company's packages: products sold with a stay" },
  { name: 'additional services', description: "A company's optional extras (car wash, EV charging...)" },
  { name: 'vouchers', description: "A company's discount codes" },
  { name: 'agencies', description: "A company's agencies (who sells its bookings, for what commission) and their statements" },
  { name: 'core agencies', description: "The organisation's master list of agencies that companies pick from" },
  { name: 'roles', description: "What each user may do: the built-in roles, a company's own roles (the role matrix) and assigning them" },
  { name: 'band months', description: "A company's default price of each band in each month, and their grid" },
  { name: 'location prices', description: "A route's own prices, the price grid of a route, and copying a season" },
  { name: 'quote', description: "The price search: a route's prices and the quote of a stay, with the steps that made it" },
  { name: 'bookings', description: "A company's bookings: prices fixed when made, statuses and their history, service lines" },
  { name: 'park and ride', description: 'Park-and-ride bookings: a car park and shuttles to the terminal and back' },
  { name: 'payments', description: "A booking's payments and refunds, and the sums of totals, paid and outstanding" },
  { name: 'driver-documents', description: "A driver's uploaded documents (PDF, JPEG, PNG): upload, list, download and delete" },
  { name: 'driver-rates', description: "A driver's hourly rates, each from a day on, with the one in force today" },
  { name: 'driver-payouts', description: 'What a driver is owed for a period, computed, approved once, and the figures per driver' },
  { name: 'flight-tracking', description: 'The return flights of upcoming bookings, their news, and the out-trips that follow them' },
  { name: 'blog', description: "A company's blog posts (English and Tamil), their cover images, and the public list for its site" },
  { name: 'web-config', description: "Your company's name, logo and colours: the sign-in page and the app's theme" },
  {
    name: 'attendance',
    description: "Drivers' days (start, end, hours, present, absent or leave, paid or not) and their paid and unpaid sums",
  },
  { name: 'trips', description: "Drivers' trips: planning and assignment, statuses, the car's movements and trips per period" },
  { name: 'mail', description: 'The booking confirmation mail and the outbox every message goes through' },
  { name: 'audit', description: "Your company's audit log: who changed which record, when, and each field before and after; read only" },
  { name: 'statistics', description: 'The daily board (cars in and out), bookings and revenue by period, headline figures and occupancy' },
  { name: 'live', description: 'Server-sent events of booking changes for the live board' },
  { name: 'reference', description: 'Reference data and the public web config of the sign-in page' },
  { name: 'health', description: 'Liveness and readiness for process managers and load balancers' },
] as const;

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable operationId from the method and the path, so no route has to invent one:
 * `GET /api/airport/get/:id` → `getAirportGetById`, `POST /api/auth/totp/setup` → `postAuthTotpSetup`.
 * Method and path identify a route, so the ids are unique by construction. A route may still set its own.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .map((segment) => (segment.startsWith(':') ? `By${capitalise(segment.slice(1))}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map(capitalise);
  return method.toLowerCase() + words.join('');
}

/** The OpenAPI document (at /api/docs/json) and the reference page (/api/docs). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Parking Solutions API',
        version: '1.0.0',
        description: 'Back-office API of Parking Solutions. Messages follow Accept-Language (en, ta).',
        contact: { name: 'Parking Solutions' },
      },
      servers: [{ url: '/', description: 'The server that serves this reference' }],
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          basic: { type: 'http', scheme: 'basic', description: 'company id and client key (sign-in page only)' },
        },
      },
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const schema = output.schema as { hide?: boolean; operationId?: string } | undefined;
      if (schema && !schema.hide && !schema.operationId) {
        const method = Array.isArray(input.route.method) ? String(input.route.method[0]) : String(input.route.method);
        schema.operationId = operationIdOf(method, input.url);
      }
      return output;
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
