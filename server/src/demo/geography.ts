/** Demo regions and real cities in them, so sites land on the map where a reseller would expect. */

export interface City {
  name: string;
  country: string;
  latitude: number;
  longitude: number;
  /** IANA time zone: a dealer named after the city reads its digests and quiet hours in it. */
  timeZone: string;
}

export interface DemoRegion {
  id: string;
  name: string;
  /** The region's default map centre. */
  latitude: number;
  longitude: number;
  /** The time zone of the region's office. */
  timeZone: string;
  cities: readonly City[];
}

const city = (
  name: string,
  country: string,
  latitude: number,
  longitude: number,
  timeZone: string,
): City => ({
  name,
  country,
  latitude,
  longitude,
  timeZone,
});

export const TAIWAN_CITIES: readonly City[] = [
  city('Taipei', 'Taiwan', 25.033, 121.5654, 'Asia/Taipei'),
  city('New Taipei', 'Taiwan', 25.012, 121.465, 'Asia/Taipei'),
  city('Taoyuan', 'Taiwan', 24.9936, 121.301, 'Asia/Taipei'),
  city('Hsinchu', 'Taiwan', 24.8138, 120.9675, 'Asia/Taipei'),
  city('Taichung', 'Taiwan', 24.1477, 120.6736, 'Asia/Taipei'),
  city('Tainan', 'Taiwan', 22.9999, 120.227, 'Asia/Taipei'),
  city('Kaohsiung', 'Taiwan', 22.6273, 120.3014, 'Asia/Taipei'),
];

export const REGIONS: readonly DemoRegion[] = [
  {
    id: 'north-america',
    name: 'North America',
    latitude: 39.8283,
    longitude: -98.5795,
    timeZone: 'America/New_York',
    cities: [
      city('New York', 'United States', 40.7128, -74.006, 'America/New_York'),
      city('Los Angeles', 'United States', 34.0522, -118.2437, 'America/Los_Angeles'),
      city('Chicago', 'United States', 41.8781, -87.6298, 'America/Chicago'),
      city('Houston', 'United States', 29.7604, -95.3698, 'America/Chicago'),
      city('Seattle', 'United States', 47.6062, -122.3321, 'America/Los_Angeles'),
      city('Denver', 'United States', 39.7392, -104.9903, 'America/Denver'),
      city('Atlanta', 'United States', 33.749, -84.388, 'America/New_York'),
      city('Boston', 'United States', 42.3601, -71.0589, 'America/New_York'),
      city('Miami', 'United States', 25.7617, -80.1918, 'America/New_York'),
      city('Phoenix', 'United States', 33.4484, -112.074, 'America/Phoenix'),
      city('Toronto', 'Canada', 43.6532, -79.3832, 'America/Toronto'),
      city('Vancouver', 'Canada', 49.2827, -123.1207, 'America/Vancouver'),
    ],
  },
  {
    id: 'europe',
    name: 'Europe',
    latitude: 50.1109,
    longitude: 8.6821,
    timeZone: 'Europe/Berlin',
    cities: [
      city('London', 'United Kingdom', 51.5074, -0.1278, 'Europe/London'),
      city('Dublin', 'Ireland', 53.3498, -6.2603, 'Europe/Dublin'),
      city('Paris', 'France', 48.8566, 2.3522, 'Europe/Paris'),
      city('Amsterdam', 'Netherlands', 52.3676, 4.9041, 'Europe/Amsterdam'),
      city('Berlin', 'Germany', 52.52, 13.405, 'Europe/Berlin'),
      city('Frankfurt', 'Germany', 50.1109, 8.6821, 'Europe/Berlin'),
      city('Vienna', 'Austria', 48.2082, 16.3738, 'Europe/Vienna'),
      city('Warsaw', 'Poland', 52.2297, 21.0122, 'Europe/Warsaw'),
      city('Stockholm', 'Sweden', 59.3293, 18.0686, 'Europe/Stockholm'),
      city('Madrid', 'Spain', 40.4168, -3.7038, 'Europe/Madrid'),
      city('Milan', 'Italy', 45.4642, 9.19, 'Europe/Rome'),
      city('Rome', 'Italy', 41.9028, 12.4964, 'Europe/Rome'),
    ],
  },
  {
    id: 'asia-pacific',
    name: 'Asia Pacific',
    latitude: 23.6978,
    longitude: 120.9605,
    timeZone: 'Asia/Taipei',
    cities: [
      ...TAIWAN_CITIES,
      city('Tokyo', 'Japan', 35.6762, 139.6503, 'Asia/Tokyo'),
      city('Seoul', 'South Korea', 37.5665, 126.978, 'Asia/Seoul'),
      city('Hong Kong', 'Hong Kong', 22.3193, 114.1694, 'Asia/Hong_Kong'),
      city('Singapore', 'Singapore', 1.3521, 103.8198, 'Asia/Singapore'),
      city('Bangkok', 'Thailand', 13.7563, 100.5018, 'Asia/Bangkok'),
      city('Sydney', 'Australia', -33.8688, 151.2093, 'Australia/Sydney'),
    ],
  },
];
