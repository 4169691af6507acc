/**
 * The fixed facts of the demo Riverside League (docs/decisions/0011): its teams, which demo
 * members play where, its planned transfers and the name lists its other players are drawn from.
 * demo-league.ts turns them into rows. Members are indexes into DEMO_USERS (demo-users.ts).
 */

export const LEAGUE_NAME = 'Riverside League';
export const SEASON = '2026';
export const WEEKS = 14;
export const CURRENT_WEEK = 10;
/** Fixed, so every fresh database gets the same league. */
export const RANDOM_SEED = 0x5eed_2026;

/** Saturday kick-offs in minutes after midnight UTC: 10:00, 11:30, 13:00, 14:30. */
export const KICKOFF_MINUTES = [600, 690, 780, 870];
/** Goalkeepers, defenders, midfielders, forwards: the starting shapes a coach picks from. */
export const FORMATIONS: number[][] = [
  [1, 4, 4, 2],
  [1, 4, 3, 3],
  [1, 3, 5, 2],
  [1, 4, 5, 1],
];
/** How likely a position scores or assists, per minute on the pitch. */
export const GOAL_WEIGHT: Record<string, number> = { GK: 0, DF: 1, MF: 3, FW: 6 };
export const ASSIST_WEIGHT: Record<string, number> = { GK: 0.2, DF: 2, MF: 4, FW: 3 };
export type TeamKey = 'HAW' | 'OWL' | 'BEA' | 'COM' | 'MIL' | 'EAS' | 'KIN' | 'NOR';

export interface DemoTeam {
  key: TeamKey;
  name: string;
  /** Dark and light, so text in one colour on the other stays readable (contrast ≥ 4.5). */
  primary: string;
  secondary: string;
  coachName: string;
  /** The coach's index among the demo members, when the coach is one. */
  coachMember?: number;
  /** Higher scores more and concedes less; keeps the table from being a coin toss. */
  strength: number;
}

/**
 * In round-robin slot order: this order puts Hawks v Comets and Owls v Bears in week 6, the
 * results the seeded chat's Results channel already announces (WEEK6_RESULTS).
 */
export const TEAMS: DemoTeam[] = [
  {
    key: 'HAW',
    name: 'Harbour Hawks',
    primary: '#0b3d91',
    secondary: '#ffd23f',
    coachName: 'Jordan Weber',
    coachMember: 1,
    strength: 1.2,
  },
  {
    key: 'OWL',
    name: 'Old Town Owls',
    primary: '#1b5e20',
    secondary: '#f5f5dc',
    coachName: 'Giulia Bianchi',
    strength: 1.0,
  },
  {
    key: 'BEA',
    name: 'Bayside Bears',
    primary: '#7a1f1f',
    secondary: '#f2c14e',
    coachName: 'Min-ji Park',
    coachMember: 7,
    strength: 1.1,
  },
  {
    key: 'COM',
    name: 'Canal Street Comets',
    primary: '#4b1a7a',
    secondary: '#ffffff',
    coachName: 'Siobhan Kelly',
    strength: 1.05,
  },
  {
    key: 'MIL',
    name: 'Millbrook Rovers',
    primary: '#005f73',
    secondary: '#ffffff',
    coachName: 'Gareth Hughes',
    strength: 0.9,
  },
  {
    key: 'EAS',
    name: 'Eastgate Athletic',
    primary: '#b3121f',
    secondary: '#ffffff',
    coachName: 'Amara Okafor',
    strength: 0.95,
  },
  {
    key: 'KIN',
    name: 'Kingsway Wanderers',
    primary: '#1a1a1a',
    secondary: '#f77f00',
    coachName: 'Rafael Ortiz',
    strength: 0.85,
  },
  {
    key: 'NOR',
    name: 'Northfield United',
    primary: '#0a2342',
    secondary: '#8ecae6',
    coachName: 'Henrik Larsen',
    strength: 1.0,
  },
];

export const WEEK6_RESULTS: { home: TeamKey; away: TeamKey; score: [number, number] }[] = [
  { home: 'HAW', away: 'COM', score: [2, 1] },
  { home: 'OWL', away: 'BEA', score: [0, 0] },
];

export const COMMISSIONER = 0;
export const REFEREES = [8, 10];
/** Referees from outside the membership take some fixtures; they have a name but no account. */
export const GUEST_REFEREES = ['Grace Lindqvist', 'Tomás Herrera', 'Samuel Adeyemi'];

/** The demo members who play, with the positions their profiles give them. */
export const PLAYING_MEMBERS: { member: number; team: TeamKey; position: string }[] = [
  { member: 2, team: 'COM', position: 'MF' },
  { member: 3, team: 'COM', position: 'GK' },
  { member: 4, team: 'HAW', position: 'FW' },
  { member: 11, team: 'HAW', position: 'MF' },
  { member: 5, team: 'OWL', position: 'DF' },
  { member: 9, team: 'OWL', position: 'FW' },
  { member: 6, team: 'BEA', position: 'FW' },
  // Min-ji captains the Bears: a player row, while her league role stays coach.
  { member: 7, team: 'BEA', position: 'MF' },
];

/** A squad of 18: 2 goalkeepers, 6 defenders, 6 midfielders, 4 forwards, with their usual numbers. */
export const SQUAD_TEMPLATE: { position: string; shirt: number }[] = [
  { position: 'GK', shirt: 1 },
  { position: 'GK', shirt: 13 },
  ...[2, 3, 4, 5, 12, 15].map((shirt) => ({ position: 'DF', shirt })),
  ...[6, 8, 10, 14, 16, 17].map((shirt) => ({ position: 'MF', shirt })),
  ...[7, 9, 11, 19].map((shirt) => ({ position: 'FW', shirt })),
];

/**
 * The season's transfers, in the order they happened. A registered player starts as a free agent,
 * a released one ends as one, and a moved one starts in `from`. Each week's squads stay within
 * 17–19, and every squad ends at 18.
 */
export const TRANSFERS: {
  kind: 'registered' | 'released' | 'moved';
  week: number;
  from: TeamKey | null;
  to: TeamKey | null;
  position: string;
}[] = [
  { kind: 'registered', week: 3, from: null, to: 'KIN', position: 'DF' },
  { kind: 'moved', week: 4, from: 'NOR', to: 'EAS', position: 'MF' },
  { kind: 'released', week: 5, from: 'MIL', to: null, position: 'FW' },
  { kind: 'registered', week: 6, from: null, to: 'COM', position: 'FW' },
  { kind: 'moved', week: 8, from: 'BEA', to: 'OWL', position: 'DF' },
];

/** Free agents who never join a team this season (the released player joins them). */
export const FREE_AGENTS: string[] = ['MF', 'DF', 'FW', 'GK'];

/** Teams whose coach has already set a week-10 team sheet. Not the Hawks: an end-to-end test sets theirs. */
export const WEEK10_SHEETS: TeamKey[] = ['BEA', 'COM', 'EAS', 'KIN'];

/** Teams with a player sent off in week 9, and so suspended now. */
export const SUSPENDED_TEAMS: TeamKey[] = ['OWL', 'MIL', 'NOR'];

/**
 * First and last names by language, so generated names stay plausible: a player's first and last
 * name come from the same list. Diacritics are kept on purpose; search must find them without.
 */
export const NAME_POOLS: { first: string[]; last: string[] }[] = [
  {
    first: ['Oliver', 'Harry', 'Jack', 'Emily', 'George', 'Charlotte', 'Thomas', 'Ruby', 'Callum', 'Megan'],
    last: ['Smith', 'Taylor', 'Brown', 'Walker', 'Wright', 'Thompson', 'Evans', 'Roberts', 'Hughes', 'Clarke'],
  },
  {
    first: ['Siobhan', 'Cian', 'Aoife', 'Eoin', 'Niamh', 'Ciarán', 'Róisín', 'Darragh', 'Orla', 'Pádraig'],
    last: ['Murphy', 'Byrne', 'O’Brien', 'Doyle', 'Kavanagh', 'Ó Súilleabháin', 'Nolan', 'Quinn', 'Walsh', 'Ryan'],
  },
  {
    first: ['Lukas', 'Anna', 'Felix', 'Jonas', 'Lena', 'Maximilian', 'Jürgen', 'Marie', 'Niklas', 'Sophie'],
    last: ['Müller', 'Schmidt', 'Fischer', 'Wagner', 'Becker', 'Hoffmann', 'Schäfer', 'Koch', 'Krüger', 'Weiß'],
  },
  {
    first: ['Mateo', 'Lucía', 'Javier', 'Álvaro', 'Carmen', 'Sergio', 'Nuria', 'Íñigo', 'Pablo', 'Elena'],
    last: ['Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Ruiz', 'Díaz', 'Navarro', 'Muñoz'],
  },
  {
    first: ['Théo', 'Léa', 'Hugo', 'Chloé', 'Mathis', 'Inès', 'Antoine', 'Maëlle', 'Julien', 'Zoé'],
    last: ['Martin', 'Bernard', 'Lefèvre', 'Moreau', 'Girard', 'Rousseau', 'Fontaine', 'Mercier', 'Lambert', 'Bonnet'],
  },
  {
    first: ['Marco', 'Giulia', 'Alessandro', 'Francesca', 'Davide', 'Chiara', 'Matteo', 'Sara', 'Niccolò', 'Federico'],
    last: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Conti', 'De Luca'],
  },
  {
    first: ['João', 'Mariana', 'Tiago', 'Gonçalo', 'Inês', 'Rafael', 'Camila', 'Thiago', 'Larissa', 'Caio'],
    last: [
      'Silva',
      'Santos',
      'Oliveira',
      'Pereira',
      'Costa',
      'Rodrigues',
      'Almeida',
      'Carvalho',
      'Gonçalves',
      'Araújo',
    ],
  },
  {
    first: ['Daan', 'Sem', 'Fleur', 'Bram', 'Lotte', 'Ruben', 'Sanne', 'Thijs', 'Noor', 'Jesse'],
    last: ['Jansen', 'Bakker', 'Visser', 'Smit', 'Meijer', 'Mulder', 'Bos', 'Vos', 'van Dijk', 'de Boer'],
  },
  {
    first: ['Jakub', 'Zofia', 'Łukasz', 'Wojciech', 'Agnieszka', 'Paweł', 'Małgorzata', 'Krzysztof', 'Ewa', 'Michał'],
    last: [
      'Nowak',
      'Kowalski',
      'Wiśniewski',
      'Wójcik',
      'Kamiński',
      'Lewandowski',
      'Zieliński',
      'Szymański',
      'Dąbrowski',
      'Król',
    ],
  },
  {
    first: ['Søren', 'Freja', 'Magnus', 'Ingrid', 'Erik', 'Astrid', 'Lars', 'Sigrid', 'Oskar', 'Björn'],
    last: ['Hansen', 'Johansson', 'Nielsen', 'Lindqvist', 'Andersen', 'Berg', 'Eriksson', 'Dahl', 'Holm', 'Sørensen'],
  },
  {
    first: ['Kwame', 'Chidi', 'Amara', 'Tunde', 'Ngozi', 'Kofi', 'Adaeze', 'Emeka', 'Yaw', 'Folake'],
    last: ['Mensah', 'Okafor', 'Adeyemi', 'Boateng', 'Eze', 'Owusu', 'Nwosu', 'Asante', 'Balogun', 'Okonkwo'],
  },
  {
    first: ['Arjun', 'Ananya', 'Rohan', 'Kavya', 'Vikram', 'Ishaan', 'Meera', 'Aditya', 'Diya', 'Karan'],
    last: ['Patel', 'Iyer', 'Reddy', 'Nair', 'Gupta', 'Menon', 'Chopra', 'Kapoor', 'Desai', 'Rao'],
  },
  {
    first: ['Yuki', 'Sota', 'Hina', 'Ren', 'Kaito', 'Aoi', 'Riku', 'Mei', 'Takumi', 'Sakura'],
    last: ['Tanaka', 'Suzuki', 'Takahashi', 'Watanabe', 'Ito', 'Nakamura', 'Kobayashi', 'Yamamoto', 'Kato', 'Yoshida'],
  },
  {
    first: ['Emre', 'Zeynep', 'Burak', 'Ayşe', 'Can', 'Selin', 'Oğuz', 'Deniz', 'Kerem', 'Büşra'],
    last: ['Yıldız', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Öztürk', 'Aydın', 'Arslan', 'Doğan', 'Kılıç'],
  },
  {
    first: ['Dmitri', 'Olga', 'Nikolai', 'Anastasia', 'Sergei', 'Yelena', 'Aleksandr', 'Tatiana', 'Mikhail', 'Irina'],
    last: ['Ivanov', 'Smirnov', 'Kuznetsov', 'Popov', 'Volkov', 'Sokolov', 'Lebedev', 'Morozov', 'Novikov', 'Fedorov'],
  },
  {
    first: ['Ji-ho', 'Seo-yeon', 'Min-jun', 'Ha-eun', 'Do-yun', 'Su-bin', 'Jae-won', 'Ye-jin', 'Hyun-woo', 'Eun-ji'],
    last: ['Kim', 'Lee', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Jang', 'Lim', 'Han'],
  },
  {
    first: ['Omar', 'Layla', 'Youssef', 'Amira', 'Karim', 'Nadia', 'Tariq', 'Salma', 'Hamza', 'Yasmin'],
    last: ['Haddad', 'Mansour', 'Khalil', 'Nasser', 'Saleh', 'Hassan', 'Farouk', 'Aziz', 'Rahman', 'El-Amin'],
  },
];
