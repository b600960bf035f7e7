/**
 * Seed data for a new company: realistic benefit products, one benefit convention and a
 * deterministic set of employees (Brazilian names, valid CPFs, e-mails, a few not active).
 * The same company id always yields the same people, so demos and tests are repeatable.
 */
import { isValidCpf } from "../src/money";
import { type Random, mulberry32, pick, seedFromString } from "./random";

export interface SeedProduct {
  code: string;
  name: string;
  /** Monthly amount in the seeded convention, in cents; 0 = not part of it. */
  conventionAmount: number;
}

export const SEED_PRODUCTS: readonly SeedProduct[] = [
  { code: "REF", name: "Refeição", conventionAmount: 66_000 },
  { code: "ALI", name: "Alimentação", conventionAmount: 45_000 },
  { code: "MOB", name: "Mobilidade", conventionAmount: 22_000 },
  { code: "SAU", name: "Saúde", conventionAmount: 0 },
  { code: "CUL", name: "Cultura", conventionAmount: 0 },
  { code: "HOF", name: "Home office", conventionAmount: 10_000 },
  { code: "EDU", name: "Educação", conventionAmount: 0 },
];

export const SEED_CONVENTION = {
  name: "Convenção padrão CLT",
  description: "Refeição, alimentação, mobilidade e home office para a equipe CLT",
};

const FIRST_NAMES = [
  "Ana",
  "Bruno",
  "Camila",
  "Diego",
  "Eduarda",
  "Felipe",
  "Gabriela",
  "Henrique",
  "Isabela",
  "João",
  "Karina",
  "Lucas",
  "Mariana",
  "Nicolas",
  "Otávio",
  "Patrícia",
  "Rafael",
  "Sabrina",
  "Thiago",
  "Vitória",
  "Wagner",
  "Yasmin",
  "Letícia",
  "Matheus",
  "Beatriz",
  "Gustavo",
  "Larissa",
  "Rodrigo",
  "Fernanda",
  "Caio",
];
const SURNAMES = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Soares",
  "Fernandes",
  "Vieira",
  "Barbosa",
  "Rocha",
  "Dias",
  "Nascimento",
  "Andrade",
  "Moreira",
  "Nunes",
  "Marques",
  "Machado",
  "Mendes",
  "Freitas",
];

export interface SeedEmployee {
  name: string;
  cpf: string;
  email: string;
  situation: "active" | "inactive" | "on_leave";
  /** Whether the employee belongs to the seeded convention. */
  inConvention: boolean;
}

const ascii = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/**
 * `count` employees for `companyId`. Every 10th is inactive and every 13th on leave (so
 * batch mode and the `situation` filter have something to leave out); three in four active
 * ones belong to the seeded convention.
 */
export function seedEmployees(companyId: string, count: number): SeedEmployee[] {
  const random = mulberry32(seedFromString(`employees:${companyId}`));
  const domain = `${ascii(companyId).replace(/[^a-z0-9]+/g, "-")}.example.com.br`;
  const cpfs = new Set<string>();
  const out: SeedEmployee[] = [];
  for (let i = 0; i < count; i++) {
    const first = pick(random, FIRST_NAMES);
    const last1 = pick(random, SURNAMES);
    const last2 = pick(random, SURNAMES);
    let cpf = generateCpf(random);
    while (cpfs.has(cpf)) cpf = generateCpf(random);
    cpfs.add(cpf);
    const situation = i % 10 === 9 ? "inactive" : i % 13 === 12 ? "on_leave" : "active";
    out.push({
      name: `${first} ${last1} ${last2}`,
      cpf,
      email: `${ascii(first)}.${ascii(last2)}${i + 1}@${domain}`,
      situation,
      inConvention: situation === "active" && i % 4 !== 3,
    });
  }
  return out;
}

/**
 * A valid CPF from nine random digits. Every base of nine digits has exactly one pair of check
 * digits; the rule lives in src/money (the add-in's own check), so the pair is found by asking
 * it about the 100 candidates instead of keeping a second copy of the rule here. A base of one
 * repeated digit is never issued (and never valid), so it is drawn again.
 */
export function generateCpf(random: Random): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => Math.floor(random() * 10)).join("");
    for (let check = 0; check < 100; check++) {
      const cpf = base + String(check).padStart(2, "0");
      if (isValidCpf(cpf)) return cpf;
    }
  }
}
