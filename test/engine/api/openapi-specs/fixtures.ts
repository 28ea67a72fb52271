import { stringify } from 'yaml';

/** Small but real specifications, one of each kind the processing reads. */

export const swagger2 = {
  swagger: '2.0',
  info: { title: 'Pet store', version: '1.0.0' },
  host: 'pets.example.com',
  basePath: '/v1',
  paths: {
    '/pets': {
      get: { tags: ['pets'], operationId: 'listPets', summary: 'List pets', responses: { '200': { description: 'The pets' } } },
      post: { tags: ['pets'], operationId: 'createPet', summary: 'Create a pet', responses: { '201': { description: 'Created' } } },
    },
    '/owners/{ownerId}': {
      get: {
        tags: ['owners'],
        operationId: 'getOwner',
        summary: 'Get an owner',
        parameters: [{ name: 'ownerId', in: 'path', required: true, type: 'string' }],
        responses: { '200': { description: 'The owner' } },
      },
    },
  },
};

export const openapi30 = {
  openapi: '3.0.3',
  info: { title: 'Library', version: '2.1.0', description: 'Books and loans.' },
  tags: [{ name: 'books', description: 'The catalogue' }, { name: 'loans' }],
  paths: {
    '/books': {
      get: {
        tags: ['books'],
        summary: 'List books',
        parameters: [{ name: 'author', in: 'query', schema: { type: 'string' }, description: 'Only books by this author' }],
        responses: { '200': { description: 'Books', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Book' } } } } } },
      },
    },
    '/loans/{loanId}': {
      delete: {
        tags: ['loans'],
        summary: 'Return a book',
        parameters: [{ name: 'loanId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '204': { description: 'Returned' } },
      },
    },
  },
  components: { schemas: { Book: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } } },
};

export const openapi30Yaml = `# The library's API\n${stringify(openapi30)}`;

export const openapi31 = {
  openapi: '3.1.0',
  info: { title: 'Weather', version: '0.3.0' },
  paths: {
    '/forecast': {
      get: { summary: 'Forecast', responses: { '200': { description: 'The forecast' } } },
    },
  },
  webhooks: { alert: { post: { responses: { '200': { description: 'ok' } } } } },
};

/** Two problems: `info.version` is missing, and an operation lists no responses. */
export const invalidSpec = {
  openapi: '3.0.0',
  info: { title: 'Broken' },
  paths: { '/items': { get: { responses: {} } } },
};

export const json = (value: unknown) => JSON.stringify(value, null, 2);
