/** "Use my location": the nearest South African city to the browser's position (no network lookup). */
const CITIES: [string, number, number][] = [
  ["Johannesburg, Gauteng", -26.2041, 28.0473],
  ["Pretoria, Gauteng", -25.7479, 28.2293],
  ["Cape Town, Western Cape", -33.9249, 18.4241],
  ["Durban, KwaZulu-Natal", -29.8587, 31.0218],
  ["Gqeberha, Eastern Cape", -33.9608, 25.6022],
  ["East London, Eastern Cape", -33.0153, 27.9116],
  ["Bloemfontein, Free State", -29.0852, 26.1596],
  ["Polokwane, Limpopo", -23.9045, 29.4689],
  ["Mbombela, Mpumalanga", -25.4658, 30.9853],
  ["Rustenburg, North West", -25.6676, 27.2421],
  ["Kimberley, Northern Cape", -28.7282, 24.7499],
  ["Pietermaritzburg, KwaZulu-Natal", -29.6006, 30.3794],
  ["George, Western Cape", -33.9881, 22.4530],
  ["Witbank (eMalahleni), Mpumalanga", -25.8713, 29.2332],
  ["Richards Bay, KwaZulu-Natal", -28.7807, 32.0383],
  ["Upington, Northern Cape", -28.4478, 21.2561],
];

export function nearestCity(lat: number, lon: number) {
  let best = CITIES[0]!;
  let bestDistance = Infinity;
  for (const city of CITIES) {
    const d = (city[1] - lat) ** 2 + ((city[2] - lon) * Math.cos((lat * Math.PI) / 180)) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = city;
    }
  }
  return best[0];
}

export const MACHINERY_SUGGESTIONS = [
  "CAT 320D Excavator",
  "Komatsu PC200 Excavator",
  "Volvo EC210 Excavator",
  "JCB 3CX Backhoe Loader",
  "Bell B40D Articulated Dump Truck",
  "CAT 950H Wheel Loader",
  "CAT D6R Bulldozer",
  "Liebherr LTM 1060 Mobile Crane",
  "Tadano Rough Terrain Crane",
  "Cummins 500 kVA Generator",
  "Atlas Copco XAS 185 Compressor",
  "Lincoln Vantage 500 Welder",
  "Bobcat S650 Skid Steer",
  "CAT 140K Motor Grader",
  "Dynapac Smooth Drum Roller",
  "Toyota 3-Ton Forklift",
];
