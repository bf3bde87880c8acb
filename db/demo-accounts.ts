/** The demo log-ins seeded on a fresh embedded database (printed at start-up). */
export const DEMO_ACCOUNTS = {
  password: "demo1234",
  users: [
    { role: "admin", email: "admin@demo.machinery.co.za", fullName: "Thandi Admin" },
    { role: "seller", email: "seller1@demo.machinery.co.za", fullName: "Pieter van der Merwe" },
    { role: "seller", email: "seller2@demo.machinery.co.za", fullName: "Lerato Mokoena" },
    { role: "buyer", email: "buyer1@demo.machinery.co.za", fullName: "Sipho Dlamini" },
    { role: "buyer", email: "buyer2@demo.machinery.co.za", fullName: "Anika Botha" },
  ],
} as const;
