// The devnet's ideas: a fixed list the simulator launches some coins from (their name and ticker, so the service links
// each such coin to its idea from the chain alone) and the embedded setup puts on the ideas board, so a newcomer's
// board is not empty. Plain data; the service turns it into its ideas file (infra/service/devnet-ideas.ts).

export interface SeededIdea {
  name: string;
  ticker: string;
  pitch: string;
  trend: string;
  story: string;
  takes: string[];
  /** The crew's five scores (the board shows scored ideas only). */
  scores: [number, number, number, number, number];
}

/** Every IDEA_EVERY-th launch (from the IDEA_OFFSET-th) takes the next idea's name and ticker. */
export const IDEA_EVERY = 4;
export const IDEA_OFFSET = 3;

export const SEEDED_IDEAS: readonly SeededIdea[] = [
  {
    name: 'Rain Check',
    ticker: 'RAIN',
    pitch: 'A coin that pays holders a little more on days the forecast says rain in the capital.',
    trend: 'weather markets',
    story: 'Every city argues about the weather. Rain Check turns the argument into a ticker: a community coin about the forecast.',
    takes: ['Weather is the oldest meme there is.', 'Needs a forecast source everyone trusts.'],
    scores: [14, 12, 15, 11, 13],
  },
  {
    name: 'Night Shift',
    ticker: 'NIGHT',
    pitch: 'For everyone who trades while the rest of the world sleeps.',
    trend: 'late-night trading',
    story: 'Night Shift is a coin for the people who keep markets moving at 3 a.m.: nurses, coders, bakers and insomniacs.',
    takes: ['Strong identity.', 'The name is already a mood.'],
    scores: [16, 15, 13, 14, 12],
  },
  {
    name: 'Tiny Garden',
    ticker: 'SPROUT',
    pitch: 'A slow coin about balcony gardens: holders share what grew this week.',
    trend: 'urban gardening',
    story: 'Tiny Garden celebrates tomatoes in buckets and basil on windowsills. Growth, but the literal kind.',
    takes: ['Wholesome, maybe too wholesome.'],
    scores: [11, 10, 14, 12, 9],
  },
  {
    name: 'Lost Sock',
    ticker: 'SOCK',
    pitch: 'Every dryer eats one. This coin is for the missing half of every pair.',
    trend: 'household mysteries',
    story: 'Nobody knows where they go. Lost Sock is a coin for the universal mystery of the laundry room.',
    takes: ['Relatable in every language.', 'Mascot writes itself.'],
    scores: [15, 17, 12, 13, 16],
  },
  {
    name: 'Second Coffee',
    ticker: 'REFILL',
    pitch: 'The coin for the moment the first cup stops working.',
    trend: 'coffee culture',
    story: 'Second Coffee is for the 10 a.m. slump, the meeting that could have been an email, and the refill that saves the day.',
    takes: ['Coffee coins come and go.', 'This one has a time of day, which helps.'],
    scores: [12, 11, 13, 10, 12],
  },
  {
    name: 'Pigeon Post',
    ticker: 'COO',
    pitch: 'Messages by bird, markets by pigeon: the city bird finally gets a coin.',
    trend: 'city wildlife',
    story: 'Pigeons carried news for centuries. Pigeon Post brings them back as the unofficial mascots of every plaza.',
    takes: ['Funny ticker.'],
    scores: [13, 16, 11, 12, 14],
  },
  {
    name: 'Slow Internet',
    ticker: 'BUFFER',
    pitch: 'For every loading spinner you ever stared at.',
    trend: 'internet nostalgia',
    story: 'Slow Internet remembers dial-up tones and half-loaded images, and laughs about them together.',
    takes: ['Nostalgia sells.', 'Hard to explain to anyone under twenty.'],
    scores: [14, 13, 12, 15, 11],
  },
  {
    name: 'Paper Boat',
    ticker: 'BOAT',
    pitch: 'A coin folded from a receipt and sailed down the gutter after a storm.',
    trend: 'childhood games',
    story: 'Paper Boat is small, fragile and surprisingly seaworthy: a coin about simple things that float.',
    takes: ['Lovely image.', 'Needs a community to carry it.'],
    scores: [12, 13, 15, 10, 11],
  },
  {
    name: 'Lunch Break',
    ticker: 'LUNCH',
    pitch: 'The best hour of the working day, as a coin.',
    trend: 'office life',
    story: 'Lunch Break is for sandwiches eaten at desks and long walks that run a little over the hour.',
    takes: ['Universal.'],
    scores: [10, 12, 11, 13, 10],
  },
  {
    name: 'Quiet Library',
    ticker: 'SHH',
    pitch: 'A calm coin for a loud market.',
    trend: 'slow living',
    story: 'Quiet Library stands for reading rooms, soft lamps and the rule that nobody shouts.',
    takes: ['Anti-hype as a brand.', 'Ticker is perfect.'],
    scores: [15, 11, 16, 14, 13],
  },
  {
    name: 'Street Cat',
    ticker: 'ALLEY',
    pitch: 'Every neighbourhood has one cat that everybody feeds.',
    trend: 'neighbourhood pets',
    story: 'Street Cat is for the shared cat of the block: nobody owns it, everybody knows its name.',
    takes: ['Cats always work.', 'Crowded category.'],
    scores: [14, 13, 12, 15, 14],
  },
  {
    name: 'Snow Day',
    ticker: 'SNOW',
    pitch: 'The coin for the morning school is cancelled.',
    trend: 'seasonal memes',
    story: 'Snow Day captures the best surprise of winter: no plans, just snow and sledges.',
    takes: ['Seasonal, so timing matters.'],
    scores: [10, 12, 9, 13, 11],
  },
];
