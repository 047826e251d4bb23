/**
 * The demo experts' time zones: each keeps hours in the zone of their city, so that the times a
 * student reads ("09:00 for Oliver") are a working morning where the expert says they live.
 */
import type { Profile } from './demo-accounts';

export const DEMO_CITY_ZONES: Readonly<Record<string, string>> = {
  Abuja: 'Africa/Lagos',
  Accra: 'Africa/Accra',
  Amsterdam: 'Europe/Amsterdam',
  Auckland: 'Pacific/Auckland',
  Bangalore: 'Asia/Kolkata',
  Berlin: 'Europe/Berlin',
  Bogotá: 'America/Bogota',
  Bordeaux: 'Europe/Paris',
  Brisbane: 'Australia/Brisbane',
  Brussels: 'Europe/Brussels',
  Budapest: 'Europe/Budapest',
  'Buenos Aires': 'America/Argentina/Buenos_Aires',
  Casablanca: 'Africa/Casablanca',
  Chicago: 'America/Chicago',
  Dakar: 'Africa/Dakar',
  Dubai: 'Asia/Dubai',
  Dublin: 'Europe/Dublin',
  'Hong Kong': 'Asia/Hong_Kong',
  Hyderabad: 'Asia/Kolkata',
  Johannesburg: 'Africa/Johannesburg',
  Lagos: 'Africa/Lagos',
  Lille: 'Europe/Paris',
  Lima: 'America/Lima',
  London: 'Europe/London',
  Lyon: 'Europe/Paris',
  Madrid: 'Europe/Madrid',
  Marseille: 'Europe/Paris',
  Melbourne: 'Australia/Melbourne',
  'Mexico City': 'America/Mexico_City',
  Milan: 'Europe/Rome',
  Montreal: 'America/Toronto',
  Mumbai: 'Asia/Kolkata',
  Munich: 'Europe/Berlin',
  Nairobi: 'Africa/Nairobi',
  'New York': 'America/New_York',
  Osaka: 'Asia/Tokyo',
  Paris: 'Europe/Paris',
  'Rio de Janeiro': 'America/Sao_Paulo',
  'San Francisco': 'America/Los_Angeles',
  Santiago: 'America/Santiago',
  Seoul: 'Asia/Seoul',
  Singapore: 'Asia/Singapore',
  Stockholm: 'Europe/Stockholm',
  Sydney: 'Australia/Sydney',
  'São Paulo': 'America/Sao_Paulo',
  Tokyo: 'Asia/Tokyo',
  Toronto: 'America/Toronto',
};

/** The zone of a demo expert's city; a city the table lacks stops the seed rather than put the hours in another zone. */
export function demoZoneOf(profile: Pick<Profile, 'email' | 'city'>): string {
  const zone = profile.city === undefined ? undefined : DEMO_CITY_ZONES[profile.city];
  if (!zone) throw new Error(`No time zone for the demo expert ${profile.email} in ${profile.city ?? 'no city'}: add it to DEMO_CITY_ZONES`);
  return zone;
}
