/**
 * The boundaries of ARCHITECTURE.md §2, checked by `npm run check:boundaries` (part of `npm test`).
 * Violations that predate a rule are listed in .dependency-cruiser-known-violations.json and tolerated
 * until the code moves (issue 13); any new one fails with the rule's name.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'web-not-to-server',
      comment: 'The SPA and the server share only contracts/.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-to-web',
      comment: 'The SPA and the server share only contracts/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^web/' },
    },
    {
      name: 'contracts-stand-alone',
      comment: 'contracts/ is what web and server share; it imports neither.',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { path: '^(web|server|e2e|bench)/' },
    },
    {
      name: 'product-not-to-tests',
      comment: 'Product code never imports e2e tests or benchmarks.',
      severity: 'error',
      from: { path: '^(web|server|contracts)/src/' },
      to: { path: '^(e2e|bench|browser-kit|server/testkit)/' },
    },
    {
      name: 'tests-through-the-test-kit',
      comment:
        'e2e, benches and scripts reach the server only through its test kit (`@portal/server/testkit`), never into server/src.',
      severity: 'error',
      from: { path: '^(e2e|bench|web/scripts|browser-kit)/' },
      to: { path: '^server/', pathNot: '^server/testkit/index[.]ts$' },
    },
    {
      name: 'tools-share-the-browser-kit',
      comment:
        'Benches and scripts share the browser launcher through browser-kit/, not through the e2e folder; browser-kit imports none of its users.',
      severity: 'error',
      from: { path: '^(bench|web/scripts|browser-kit)/' },
      to: { path: '^(e2e|bench|web|server)/', pathNot: '^(bench|web/scripts)/|^server/testkit/index[.]ts$' },
    },
    {
      name: 'e2e-specs-make-their-own-data',
      comment:
        'Journeys make companies of their own through the test kit (e2e/support/fixtures.ts); only the demo smoke spec signs in with a demo account (decision 0015).',
      severity: 'error',
      from: { path: '^e2e/tests', pathNot: '^e2e/tests/demo-accounts[.]spec[.]ts$' },
      to: { path: '^e2e/support/demo-accounts[.]ts$' },
    },
    {
      name: 'web-features-not-to-features',
      comment:
        'A feature imports shared/ and contracts/, never another feature (move what two need to shared/).',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-shared-not-to-features',
      comment: 'shared/ is below the features.',
      severity: 'error',
      from: { path: '^web/src/shared/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'web-features-not-to-app',
      comment: 'app/ (router, layouts) composes the features, not the other way round.',
      severity: 'error',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/' },
    },
    // The server's floors (docs/architecture/server.md), bottom up: infrastructure/ → domain/ → edge/ and
    // auth/ (where HTTP meets the domain) → services/<backend>/ and jobs/ → app.ts, main.ts, warm-up.ts, cli/,
    // operations/. Each floor imports only the floors below it; demo/ is a leaf only cli/ and main.ts load.
    {
      name: 'server-infrastructure-stands-alone',
      comment:
        'infrastructure/ (database, configuration, HTTP plumbing, job queue, secrets, rate counters, observability) imports only infrastructure: no domain, no service.',
      severity: 'error',
      from: { path: '^server/src/infrastructure/' },
      to: { path: '^server/src/', pathNot: '^server/src/infrastructure/' },
    },
    {
      name: 'server-domain-only-down',
      comment:
        'The domain imports the domain and infrastructure: nothing of HTTP (edge/, auth/), the services, the jobs or the process.',
      severity: 'error',
      from: { path: '^server/src/domain/' },
      to: { path: '^server/src/', pathNot: '^server/src/(domain|infrastructure)/' },
    },
    {
      name: 'server-domain-not-to-fastify',
      comment:
        'Domain functions take a Kysely handle or a transaction, never the app or a request: no fastify (types included).',
      severity: 'error',
      from: { path: '^server/src/domain/' },
      to: { path: '(^|/)node_modules/(fastify|@fastify/|fastify-)' },
    },
    {
      name: 'server-domain-no-network',
      comment:
        'The network is at the edge (decision 0032): the webhook HTTP sender and the SMTP transport are in server/src/infrastructure.',
      severity: 'error',
      from: { path: '^server/src/domain/' },
      to: {
        path: '(^|/)node_modules/(undici|nodemailer|standardwebhooks)/|^(node:)?(http|https|http2|net|tls|dns)$',
      },
    },
    {
      name: 'server-services-and-domain-not-to-jobs',
      comment:
        'Jobs run the domain in the background; a route or a domain function calls the domain, never a job module (decision 0032).',
      severity: 'error',
      from: { path: '^server/src/(services|domain)/' },
      to: { path: '^server/src/jobs/' },
    },
    {
      name: 'server-edge-below-the-services',
      comment:
        'edge/ (error statuses, audit source, change hub, request guards) and auth/ (the caller hook) serve every service: they import the domain and infrastructure, never a service, a job or the process.',
      severity: 'error',
      from: { path: '^server/src/(edge|auth)/' },
      to: { path: '^server/src/', pathNot: '^server/src/(edge|auth|domain|infrastructure)/' },
    },
    {
      name: 'server-services-not-to-services',
      comment: 'A backend service (identity included) imports the floors below it, never another service.',
      severity: 'error',
      from: { path: '^server/src/services/([^/]+)/' },
      to: { path: '^server/src/services/', pathNot: '^server/src/services/$1/' },
    },
    {
      name: 'server-services-and-jobs-below-the-process',
      comment:
        'Services and background jobs are composed by app.ts; they import neither the process (app.ts, main.ts, warm-up.ts, cli/, operations/) nor demo data.',
      severity: 'error',
      from: { path: '^server/src/(services|jobs)/' },
      to: { path: '^server/src/([^/]+[.]ts$|cli/|operations/|demo/|simulator/)' },
    },
    {
      name: 'server-jobs-not-to-services',
      comment: "Background jobs call the domain; routes are the services' business.",
      severity: 'error',
      from: { path: '^server/src/jobs/' },
      to: { path: '^server/src/(services|edge|auth)/' },
    },
    {
      name: 'server-operations-on-infrastructure',
      comment: 'Backup, restore and the doctor work on the database and the configuration only.',
      severity: 'error',
      from: { path: '^server/src/operations/' },
      to: { path: '^server/src/', pathNot: '^server/src/(operations|infrastructure)/' },
    },
    {
      name: 'server-demo-is-a-leaf',
      comment:
        'Demo data is loaded by `npm run seed` (cli/) and, in MODE=demo only, by main.ts; nothing else in the server imports it.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/(demo/|cli/|main[.]ts$)' },
      to: { path: '^server/src/demo/' },
    },
    {
      name: 'server-main-loads-demo-lazily',
      comment:
        'main.ts imports demo/ with import() in MODE=demo, so a production process never loads the demo data or @faker-js/faker (server/test/demo/production-start.test.ts).',
      severity: 'error',
      from: { path: '^server/src/main[.]ts$' },
      to: { path: '^server/src/demo/', dynamic: false },
    },
    {
      name: 'server-faker-only-in-demo',
      comment: 'Fake data is made in demo/ only.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/demo/' },
      to: { path: '(^|/)node_modules/@faker-js/' },
    },
    {
      name: 'server-simulator-speaks-http',
      comment:
        'The device simulator drives the ingest API from outside, as a platform would: contracts and Node only, no server code.',
      severity: 'error',
      from: { path: '^server/src/simulator/' },
      to: { path: '^server/src/', pathNot: '^server/src/simulator/' },
    },
    {
      name: 'no-circular',
      comment: 'Import cycles make load order and layering unreadable.',
      severity: 'error',
      from: { path: '^(web|server|contracts)/src/' },
      to: { circular: true },
    },
  ],
  options: {
    parser: 'swc',
    tsPreCompilationDeps: false,
    doNotFollow: { path: 'node_modules' },
    // node_modules stay in the graph as leaves (doNotFollow), so rules can name packages (server-domain-not-to-fastify).
    exclude: { path: '(^|/)dist/' },
    moduleSystems: ['es6'],
    // Resolves the web's `@/…` imports (web/tsconfig.json `paths`), so the rules see through the alias.
    tsConfig: { fileName: 'web/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
  },
};
