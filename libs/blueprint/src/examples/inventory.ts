import type { Blueprint } from '../blueprint.js';

/** An inventory: products found by SKU, restocked (increment) and sold (decrement, never below 0). */
export const inventoryBlueprint: Blueprint = {
  schemaVersion: 1,
  name: 'Inventory',
  description: 'Products with a stock quantity that is restocked and sold; stock never goes below zero.',
  resources: [
    {
      name: 'Product',
      plural: 'products',
      fields: [
        { name: 'sku', type: 'string', required: true, unique: true, min: 3, max: 32 },
        { name: 'name', type: 'string', required: true, min: 1, max: 120 },
        { name: 'price', type: 'number', required: true, min: 0 },
        { name: 'quantity', type: 'integer', required: false, default: 0, min: 0 },
      ],
    },
  ],
  actions: [
    {
      name: 'createProduct',
      kind: 'create',
      resource: 'Product',
      description: 'Add a product.',
      examples: [
        { name: 'adds a product with no stock', input: { sku: 'TEA-01', name: 'Green tea', price: 4.5 }, expect: { status: 200, result: { quantity: 0 } } },
        { name: 'refuses a negative price', input: { sku: 'TEA-01', name: 'Green tea', price: -1 }, expect: { status: 400 } },
      ],
    },
    {
      name: 'getProduct',
      kind: 'get',
      resource: 'Product',
      by: 'sku',
      description: 'Read a product by SKU.',
      examples: [
        {
          name: 'reads a product',
          setup: [{ as: 'tea', action: 'createProduct', input: { sku: 'TEA-01', name: 'Green tea', price: 4.5 } }],
          input: { sku: 'TEA-01' },
          expect: { status: 200, result: { name: 'Green tea' } },
        },
        { name: 'answers 404 for an unknown SKU', input: { sku: 'NOPE' }, expect: { status: 404 } },
      ],
    },
    {
      name: 'listProducts',
      kind: 'list',
      resource: 'Product',
      description: 'List products, optionally those at or below a stock level.',
      filters: [{ param: 'maxQuantity', field: 'quantity', op: 'lte' }],
      defaultLimit: 50,
      maxLimit: 200,
      orderBy: { field: 'sku', direction: 'asc' },
      examples: [
        {
          name: 'lists products low on stock',
          setup: [
            { as: 'tea', action: 'createProduct', input: { sku: 'TEA-01', name: 'Green tea', price: 4.5, quantity: 2 } },
            { as: 'cof', action: 'createProduct', input: { sku: 'COF-01', name: 'Coffee', price: 9, quantity: 40 } },
          ],
          input: { maxQuantity: 5 },
          expect: { status: 200, resultCount: 1, result: { items: [{ sku: 'TEA-01' }] } },
        },
        { name: 'refuses a non-numeric stock level', input: { maxQuantity: 'few' }, expect: { status: 400 } },
      ],
    },
    {
      name: 'updateProduct',
      kind: 'update',
      resource: 'Product',
      description: 'Rename a product or change its price.',
      fields: ['name', 'price'],
      examples: [
        {
          name: 'changes the price',
          setup: [{ as: 'tea', action: 'createProduct', input: { sku: 'TEA-01', name: 'Green tea', price: 4.5 } }],
          input: { id: { $ref: 'tea.id' }, price: 5 },
          expect: { status: 200, result: { price: 5 } },
        },
        { name: 'answers 404 for a missing product', input: { id: 'missing', price: 5 }, expect: { status: 404 } },
      ],
    },
    {
      name: 'restockProduct',
      kind: 'transition',
      resource: 'Product',
      by: 'sku',
      description: 'Add stock.',
      params: [{ name: 'amount', type: 'integer', required: true, min: 1 }],
      guards: [],
      effects: [{ increment: 'quantity', by: { param: 'amount' } }],
      examples: [
        {
          name: 'adds stock',
          setup: [{ as: 'tea', action: 'createProduct', input: { sku: 'TEA-01', name: 'Green tea', price: 4.5 } }],
          input: { sku: 'TEA-01', amount: 10 },
          expect: { status: 200, result: { quantity: 10 } },
        },
        {
          name: 'refuses a zero amount',
          setup: [{ as: 'tea', action: 'createProduct', input: { sku: 'TEA-01', name: 'Green tea', price: 4.5 } }],
          input: { sku: 'TEA-01', amount: 0 },
          expect: { status: 400 },
        },
      ],
    },
    {
      name: 'sellProduct',
      kind: 'transition',
      resource: 'Product',
      by: 'sku',
      description: 'Take sold items out of stock; refused when there is not enough.',
      params: [{ name: 'amount', type: 'integer', required: true, min: 1 }],
      guards: [{ field: 'quantity', op: 'gte', value: { param: 'amount' }, message: 'Not enough stock' }],
      effects: [{ decrement: 'quantity', by: { param: 'amount' } }],
      examples: [
        {
          name: 'sells from stock',
          setup: [{ as: 'tea', action: 'createProduct', input: { sku: 'TEA-01', name: 'Green tea', price: 4.5, quantity: 5 } }],
          input: { sku: 'TEA-01', amount: 2 },
          expect: { status: 200, result: { quantity: 3 } },
        },
        {
          name: 'refuses to sell more than the stock',
          setup: [{ as: 'tea', action: 'createProduct', input: { sku: 'TEA-01', name: 'Green tea', price: 4.5, quantity: 1 } }],
          input: { sku: 'TEA-01', amount: 2 },
          expect: { status: 409 },
        },
      ],
    },
  ],
  rules: [],
};
