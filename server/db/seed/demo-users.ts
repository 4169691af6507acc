/** The demo league's members. The first two are printed as sign-ins by `npm start`. */
export interface DemoUser {
  email: string;
  name: string;
  language: string | null;
  bio: string;
  timezone: string;
}

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'alex@sideline.example',
    name: 'Alex Morgan',
    language: 'en',
    bio: 'Commissioner of the Riverside League.',
    timezone: 'Europe/London',
  },
  {
    email: 'jordan@sideline.example',
    name: 'Jordan Weber',
    language: 'de',
    bio: 'Coach of the Harbour Hawks.',
    timezone: 'Europe/Berlin',
  },
  {
    email: 'sofia@sideline.example',
    name: 'Sofia García',
    language: 'es',
    bio: 'Midfield, Canal Street Comets.',
    timezone: 'Europe/Madrid',
  },
  {
    email: 'camille@sideline.example',
    name: 'Camille Dubois',
    language: 'fr',
    bio: 'Goalkeeper and team treasurer.',
    timezone: 'Europe/Paris',
  },
  {
    email: 'priya@sideline.example',
    name: 'Priya Sharma',
    language: 'hi',
    bio: 'Striker who never misses a Tuesday.',
    timezone: 'Asia/Kolkata',
  },
  {
    email: 'luca@sideline.example',
    name: 'Luca Romano',
    language: 'it',
    bio: 'Defender, Old Town Owls.',
    timezone: 'Europe/Rome',
  },
  {
    email: 'haruto@sideline.example',
    name: 'Haruto Sato',
    language: 'ja',
    bio: 'Winger and fixture planner.',
    timezone: 'Asia/Tokyo',
  },
  {
    email: 'minji@sideline.example',
    name: 'Min-ji Park',
    language: 'ko',
    bio: 'Captain of the Bayside Bears.',
    timezone: 'Asia/Seoul',
  },
  {
    email: 'daan@sideline.example',
    name: 'Daan de Vries',
    language: 'nl',
    bio: 'Referee coordinator.',
    timezone: 'Europe/Amsterdam',
  },
  {
    email: 'beatriz@sideline.example',
    name: 'Beatriz Souza',
    language: 'pt',
    bio: 'Physio and part-time forward.',
    timezone: 'America/Sao_Paulo',
  },
  {
    email: 'ivan@sideline.example',
    name: 'Ivan Petrov',
    language: 'ru',
    bio: 'Goalkeeper coach.',
    timezone: 'Europe/Moscow',
  },
  {
    email: 'elif@sideline.example',
    name: 'Elif Yılmaz',
    language: 'tr',
    bio: 'Midfield, Harbour Hawks.',
    timezone: 'Europe/Istanbul',
  },
];
