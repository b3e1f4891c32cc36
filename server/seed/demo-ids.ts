/**
 * The demo data's ids and names: what server/seed/demo.ts and the feature areas' steps (demo-<area>.ts) seed, and
 * what tests and the README name. Apart from demo.ts, so that the steps it runs need not import it back.
 */
export const DEMO = {
  company: { id: "6560de000000000000000001", displayName: "Demo Pharma" },
  ssoCompany: { id: "6560de000000000000000002", displayName: "Northwind Clinical" },
  /** Signs in through an OpenID Connect identity provider (docs/decisions/0015-oidc-single-sign-on.md). */
  oidcCompany: { id: "6560de000000000000000003", displayName: "Contoso Trials", emailDomain: "contoso.example" },
  studies: {
    active: {
      id: "6560de000000000000000101",
      name: "DEMO001",
      displayId: "DEMO-001",
      displayName: "ACE-221 Hypertension Phase II",
    },
    second: {
      id: "6560de000000000000000102",
      name: "DEMO002",
      displayId: "DEMO-002",
      displayName: "ONC-450 Oncology Phase III",
    },
    retired: {
      id: "6560de000000000000000103",
      name: "LEGACY2019",
      displayId: "LEG-2019",
      displayName: "AST-19 Asthma Phase II (closed)",
    },
    northwind: {
      id: "6560de000000000000000104",
      name: "NW001",
      displayId: "NW-001",
      displayName: "GLU-7 Diabetes Phase I",
    },
  },
  users: {
    admin: { id: "6560de000000000000000201", email: "admin@demo-pharma.example", displayName: "Ada Admin" },
    manager: { id: "6560de000000000000000202", email: "manager@demo-pharma.example", displayName: "Sam Manager" },
    monitor: { id: "6560de000000000000000203", email: "monitor@demo-pharma.example", displayName: "Mona Monitor" },
    noAccess: { id: "6560de000000000000000204", email: "noaccess@demo-pharma.example", displayName: "Nico No-Access" },
    mfa: { id: "6560de000000000000000205", email: "mfa@demo-pharma.example", displayName: "Mia Code" },
    blocked: { id: "6560de000000000000000206", email: "blocked@demo-pharma.example", displayName: "Bea Blocked" },
    sso: { id: "6560de000000000000000207", email: "sso@northwind.example", displayName: "Sol Single-Sign-On" },
    oidcSso: {
      id: "6560de000000000000000208",
      email: "sso@contoso.example",
      displayName: "Cora Contoso",
      ssoSubject: "contoso-0001",
    },
  },
  groups: {
    monitors: { id: "6560de000000000000000301", displayName: "Monitors" },
    northwindReaders: { id: "6560de000000000000000302", displayName: "Northwind readers" },
    contosoReaders: { id: "6560de000000000000000303", displayName: "Contoso readers" },
  },
} as const;
