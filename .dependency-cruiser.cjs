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
        'Journeys claim companies of their own (e2e/support/fixtures.ts); only the demo smoke spec signs in with a demo account (decision 0015).',
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
    {
      name: 'server-services-not-to-services',
      comment: 'A backend service imports the domain and the HTTP plumbing, never another service.',
      severity: 'error',
      from: { path: '^server/src/services/([^/]+)/' },
      to: { path: '^server/src/services/', pathNot: '^server/src/services/$1/' },
    },
    {
      name: 'server-domain-not-to-services',
      comment: 'The domain knows nothing of HTTP or of the services that expose it.',
      severity: 'error',
      from: { path: '^server/src/domain/' },
      to: { path: '^server/src/(services|http)/' },
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
