import type { Blueprint } from './index.js';
import { blueprintJsonSchema, exampleBlueprints, formatBlueprintIssues, validateBlueprint, type ExampleBlueprintName } from './index.js';

/** A mutable copy of an example, as plain JSON (the validator sees JSON, not typed objects). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests break blueprints on purpose
type Loose = any;
const copy = (name: ExampleBlueprintName): Loose => structuredClone(exampleBlueprints[name]) as Loose;

function issuesOf(value: unknown): { path: string; message: string }[] {
  const result = validateBlueprint(value);
  return result.ok ? [] : result.errors;
}

describe('validateBlueprint on the example blueprints', () => {
  it.each(Object.keys(exampleBlueprints) as ExampleBlueprintName[])('accepts %s, and returns it typed', (name) => {
    const result = validateBlueprint(copy(name));
    expect(result.ok ? [] : result.errors).toEqual([]);
    expect(result.ok && result.blueprint.name).toBe(exampleBlueprints[name].name);
  });
});

type Case = [title: string, example: ExampleBlueprintName, mutate: (bp: Loose) => unknown, path: string, message: RegExp];

const structural: Case[] = [
  ['a non-object', 'todo', () => 'a library', '/', /must be an object/],
  ['a missing rules list', 'todo', (bp) => { delete bp.rules; }, '/', /missing required property "rules"/],
  ['an unknown top-level property', 'todo', (bp) => { bp.code = 'x'; }, '/', /unknown property "code" \(allowed: schemaVersion, name/],
  ['a wrong schemaVersion', 'todo', (bp) => { bp.schemaVersion = 2; }, '/schemaVersion', /must be 1, got 2/],
  ['no resources', 'todo', (bp) => { bp.resources = []; }, '/resources', /at least 1 item/],
  ['a lower-case resource name', 'todo', (bp) => { bp.resources[0].name = 'todo'; }, '/resources/0/name', /PascalCase identifier.*got "todo"/],
  ['a resource name with a space', 'todo', (bp) => { bp.resources[0].name = 'To Do'; }, '/resources/0/name', /PascalCase/],
  ['a 65-character resource name', 'todo', (bp) => { bp.resources[0].name = `T${'a'.repeat(64)}`; }, '/resources/0/name', /at most 64 characters/],
  ['an upper-case field name', 'todo', (bp) => { bp.resources[0].fields[0].name = 'Title'; }, '/resources/0/fields/0/name', /camelCase identifier/],
  ['a field name with an injection attempt', 'todo', (bp) => { bp.resources[0].fields[0].name = "title'];process.exit(1);//"; }, '/resources/0/fields/0/name', /camelCase/],
  ['an unknown field type', 'todo', (bp) => { bp.resources[0].fields[0].type = 'varchar'; }, '/resources/0/fields/0/type', /must be one of "string", "text"/],
  ['a field without required', 'todo', (bp) => { delete bp.resources[0].fields[0].required; }, '/resources/0/fields/0', /missing required property "required"/],
  ['an unknown action kind', 'todo', (bp) => { bp.actions[0].kind = 'upsert'; }, '/actions/0/kind', /must be one of "create", "get", "list", "update", "delete", "transition", "custom", got "upsert"/],
  ['a get without by', 'todo', (bp) => { delete bp.actions[1].by; }, '/actions/1', /missing required property "by"/],
  ['a create with a stray filters list', 'todo', (bp) => { bp.actions[0].filters = []; }, '/actions/0', /unknown property "filters"/],
  ['an action with one example', 'todo', (bp) => { bp.actions[0].examples.pop(); }, '/actions/0/examples', /at least 2 item/],
  ['a status of 500 in an example', 'todo', (bp) => { bp.actions[0].examples[1].expect.status = 500; }, '/actions/0/examples/1/expect/status', /must be one of 200, 400, 404, 409/],
  ['a value source with two keys', 'todo', (bp) => { bp.actions[5].guards[0].value = { literal: false, field: 'done' }; }, '/actions/5/guards/0/value', /unknown property "field" \(allowed: literal\)/],
  ['an unrecognisable value source', 'todo', (bp) => { bp.actions[5].guards[0].value = { constant: false }; }, '/actions/5/guards/0/value', /exactly one of \{"literal"/],
  ['an unrecognisable effect', 'todo', (bp) => { bp.actions[5].effects[0] = { assign: 'done', to: { literal: true } }; }, '/actions/5/effects/0', /exactly one of \{"set"/],
  ['an effect set without to', 'todo', (bp) => { bp.actions[5].effects[0] = { set: 'done' }; }, '/actions/5/effects/0', /missing required property "to"/],
  ['a bad value source inside an effect', 'todo', (bp) => { bp.actions[5].effects[0] = { set: 'done', to: { now: false } }; }, '/actions/5/effects/0/to/now', /must be true/],
  ['a transition without effects', 'todo', (bp) => { bp.actions[5].effects = []; }, '/actions/5/effects', /at least 1 item/],
  ['an unknown rule kind', 'rsvp', (bp) => { bp.rules[0].kind = 'quota'; }, '/rules/0/kind', /must be one of "capacity", "membership"/],
  ['a capacity rule without a limitField', 'rsvp', (bp) => { delete bp.rules[0].limitField; }, '/rules/0', /missing required property "limitField"/],
  ['a tally with another operation', 'poll', (bp) => { bp.actions[3].custom.operation = 'sum'; }, '/actions/3/custom/operation', /must be "tally"/],
];

const semantic: Case[] = [
  ['a required reference to its own resource', 'todo', (bp) => { bp.resources[0].fields.push({ name: 'parent', type: 'reference', references: 'Todo', required: true }); }, '/resources/0/fields/6/required', /required reference "parent" leads back to Todo \(Todo\.parent -> Todo\), so no record of it could ever be created first/],
  ['two resources whose required references point at each other', 'library', (bp) => { bp.resources[0].fields.push({ name: 'favourite', type: 'reference', references: 'Book', required: true }); bp.resources[1].fields.push({ name: 'owner', type: 'reference', references: 'Member', required: true }); }, '/resources/0/fields/2/required', /Member\.favourite -> Book\.owner -> Member\), so no record of these resources could ever be created first; make one of these references optional/],
  ['a parent guard on a field the parent lacks', 'rsvp', (bp) => { bp.rules.push({ kind: 'parentGuard', resource: 'Rsvp', via: 'event', field: 'status', op: 'eq', value: 'open', message: 'm' }); }, '/rules/1/field', /"status" is not a field of Event/],
  ['a parent guard in without a list', 'rsvp', (bp) => { bp.rules.push({ kind: 'parentGuard', resource: 'Rsvp', via: 'event', field: 'capacity', op: 'in', value: 3, message: 'm' }); }, '/rules/1/value', /in needs a list, got 3/],
  ['a parent guard value of the wrong type', 'rsvp', (bp) => { bp.rules.push({ kind: 'parentGuard', resource: 'Rsvp', via: 'event', field: 'capacity', op: 'gt', value: 'many', message: 'm' }); }, '/rules/1/value', /"many" is not an integer/],
  ['transitions on a string field', 'todo', (bp) => { bp.resources[0].fields[0].transitions = [{ from: 'a', to: 'b' }]; }, '/resources/0/fields/0/transitions', /only enum fields are state machines/],
  ['a transition to a value the enum lacks', 'todo', (bp) => { bp.resources[0].fields[2].transitions = [{ from: 'low', to: 'urgent' }]; }, '/resources/0/fields/2/transitions/0/to', /"urgent" is not one of its values \(low, normal, high\)/],
  ['a transition listed twice', 'todo', (bp) => { bp.resources[0].fields[2].transitions = [{ from: 'low', to: 'high' }, { from: 'low', to: 'high' }]; }, '/resources/0/fields/2/transitions/1', /from "low" to "high" is listed twice/],
  ['a transition action into a state nothing leads to', 'library', (bp) => { bp.resources[1].fields[3].transitions = [{ from: 'borrowed', to: 'available' }]; }, '/actions/4/effects/0/to', /moves state field "status" to "borrowed", but no transition of that field leads there/],
  ['a unique combination naming a missing field', 'todo', (bp) => { bp.resources[0].uniqueTogether = [['title', 'owner']]; }, '/resources/0/uniqueTogether/0/1', /"owner", which is not one of its fields/],
  ['a unique combination with a list field', 'todo', (bp) => { bp.resources[0].uniqueTogether = [['title', 'tags']]; }, '/resources/0/uniqueTogether/0/1', /list field "tags" cannot be part of a unique combination/],
  ['a unique combination listed twice', 'todo', (bp) => { bp.resources[0].uniqueTogether = [['title', 'dueDate'], ['dueDate', 'title']]; }, '/resources/0/uniqueTogether/1', /combination dueDate \+ title is listed twice/],
  ['a day filter on a text field', 'todo', (bp) => { bp.actions[2].filters[0] = { param: 'day', field: 'title', op: 'onDay' }; }, '/actions/2/filters/0/op', /onDay works on date and datetime fields/],
  ['a compare rule on a text field', 'rsvp', (bp) => { bp.rules.push({ kind: 'compare', resource: 'Rsvp', via: 'event', field: 'guestName', op: 'gt', against: { aggregate: 'max' }, message: 'm' }); }, '/rules/1/field', /must be an integer, number, date or datetime field, got string/],
  ['a compare rule against a missing parent field', 'rsvp', (bp) => { bp.resources[1].fields.push({ name: 'guests', type: 'integer', required: false }); bp.rules.push({ kind: 'compare', resource: 'Rsvp', via: 'event', field: 'guests', op: 'lte', against: { parentField: 'seats' }, message: 'm' }); }, '/rules/1/against/parentField', /"seats" is not a field of Event/],
  ['two resources with one name', 'library', (bp) => { bp.resources[1].name = 'Member'; bp.resources[1].plural = 'members2'; }, '/resources/1/name', /"Member" is used twice/],
  ['two resources with one plural', 'library', (bp) => { bp.resources[1].plural = 'members'; }, '/resources/1/plural', /already the plural of resource Member/],
  ['two fields with one name', 'todo', (bp) => { bp.resources[0].fields[1].name = 'title'; }, '/resources/0/fields/1/name', /two fields named "title"/],
  ['a field named id', 'todo', (bp) => { bp.resources[0].fields[0].name = 'id'; }, '/resources/0/fields/0/name', /"id" is reserved/],
  ['a field named createdAt', 'todo', (bp) => { bp.resources[0].fields[0].name = 'createdAt'; }, '/resources/0/fields/0/name', /reserved/],
  ['a field named revision', 'todo', (bp) => { bp.resources[0].fields[0].name = 'revision'; }, '/resources/0/fields/0/name', /reserved/],
  ['a field named constructor', 'todo', (bp) => { bp.resources[0].fields[0].name = 'constructor'; }, '/resources/0/fields/0/name', /reserved/],
  ['a field named toString', 'todo', (bp) => { bp.resources[0].fields[0].name = 'toString'; }, '/resources/0/fields/0/name', /"toString" is reserved/],
  ['a field named valueOf', 'todo', (bp) => { bp.resources[0].fields[0].name = 'valueOf'; }, '/resources/0/fields/0/name', /"valueOf" is reserved/],
  ['an enum without values', 'todo', (bp) => { delete bp.resources[0].fields[2].values; delete bp.resources[0].fields[2].default; }, '/resources/0/fields/2/values', /enum but lists no "values"/],
  ['an enum with a repeated value', 'todo', (bp) => { bp.resources[0].fields[2].values = ['low', 'low']; bp.resources[0].fields[2].default = 'low'; }, '/resources/0/fields/2/values', /"low" is listed twice/],
  ['an enum default outside its values', 'todo', (bp) => { bp.resources[0].fields[2].default = 'urgent'; }, '/resources/0/fields/2/default', /not one of the enum values \["low","normal","high"\]/],
  ['values on a string field', 'todo', (bp) => { bp.resources[0].fields[0].values = ['a']; }, '/resources/0/fields/0/values', /only enum fields take values/],
  ['a reference to a missing resource', 'library', (bp) => { bp.resources[1].fields[4].references = 'Patron'; }, '/resources/1/fields/4/references', /resource "Patron", which the blueprint does not define \(resources: Member, Book\)/],
  ['a reference without references', 'library', (bp) => { delete bp.resources[1].fields[4].references; }, '/resources/1/fields/4/references', /does not say which resource/],
  ['min above max', 'todo', (bp) => { bp.resources[0].fields[0].min = 300; }, '/resources/0/fields/0/min', /min 300 is greater than max 200/],
  ['min on a boolean', 'todo', (bp) => { bp.resources[0].fields[4].min = 0; }, '/resources/0/fields/4/min', /boolean, which takes no min\/max/],
  ['a fractional length', 'todo', (bp) => { bp.resources[0].fields[0].max = 2.5; }, '/resources/0/fields/0/max', /whole number/],
  ['a fractional bound on an integer', 'inventory', (bp) => { bp.resources[0].fields[3].min = 0.5; bp.resources[0].fields[3].default = 1; }, '/resources/0/fields/3/min', /integer, so "min" must be a whole number/],
  ['a default of the wrong type', 'todo', (bp) => { bp.resources[0].fields[4].default = 'no'; }, '/resources/0/fields/4/default', /default "no" is not true or false/],
  ['a default below min', 'inventory', (bp) => { bp.resources[0].fields[3].default = -1; }, '/resources/0/fields/3/default', /below the minimum value 0/],
  ['a default that is not a date', 'todo', (bp) => { bp.resources[0].fields[1].default = '2025-02-30'; }, '/resources/0/fields/1/default', /not a date/],
  ['a null default on a required field', 'todo', (bp) => { bp.resources[0].fields[0].default = null; }, '/resources/0/fields/0/default', /required, so its default cannot be null/],
  ['a unique boolean', 'todo', (bp) => { bp.resources[0].fields[4].unique = true; }, '/resources/0/fields/4/unique', /cannot be unique/],
  ['a generated code that is an integer', 'poll', (bp) => { bp.resources[0].fields[2].type = 'integer'; }, '/resources/0/fields/2/type', /generated code, so its type must be "string"/],
  ['a generated code of length 2', 'poll', (bp) => { bp.resources[0].fields[2].min = 2; }, '/resources/0/fields/2/min', /integer from 4 to 32/],
  ['an action named delete', 'todo', (bp) => { bp.actions[4].name = 'delete'; }, '/actions/4/name', /"delete" is reserved/],
  ['an action named describe', 'todo', (bp) => { bp.actions[4].name = 'describe'; }, '/actions/4/name', /"describe" is reserved/],
  ['two actions with one name', 'todo', (bp) => { bp.actions[1].name = 'createTodo'; }, '/actions/1/name', /"createTodo" is used twice/],
  ['an action on a missing resource', 'todo', (bp) => { bp.actions[1].resource = 'Task'; }, '/actions/1/resource', /resource "Task", which the blueprint does not define/],
  ['a get by a missing field', 'library', (bp) => { bp.actions[2].by = 'barcode'; }, '/actions/2/by', /"barcode", which is not a field of Book/],
  ['a get by a field that is not unique', 'library', (bp) => { bp.actions[2].by = 'title'; }, '/actions/2/by', /"title", which is not unique/],
  ['a list filter on a missing field', 'todo', (bp) => { bp.actions[2].filters[0].field = 'finished'; }, '/actions/2/filters/0/field', /"finished", which is not a field of Todo/],
  ['a contains filter on a boolean', 'todo', (bp) => { bp.actions[2].filters[0].op = 'contains'; }, '/actions/2/filters/0/op', /contains works on string/],
  ['a lt filter on an enum', 'todo', (bp) => { bp.actions[2].filters[1].op = 'lt'; }, '/actions/2/filters/1/op', /lt works on integer, number, date and datetime/],
  ['an eq filter on a list', 'todo', (bp) => { bp.actions[2].filters[2].op = 'eq'; }, '/actions/2/filters/2/op', /use contains/],
  ['a filter param named limit', 'todo', (bp) => { bp.actions[2].filters[0].param = 'limit'; }, '/actions/2/filters/0/param', /"limit" is reserved/],
  ['two filters with one param', 'todo', (bp) => { bp.actions[2].filters[1].param = 'done'; }, '/actions/2/filters/1/param', /two filters with param "done"/],
  ['defaultLimit above maxLimit', 'todo', (bp) => { bp.actions[2].defaultLimit = 500; }, '/actions/2/defaultLimit', /defaultLimit 500 is greater than maxLimit 100/],
  ['an order by a missing field', 'todo', (bp) => { bp.actions[2].orderBy.field = 'rank'; }, '/actions/2/orderBy/field', /orders by "rank"/],
  ['an update of a missing field', 'todo', (bp) => { bp.actions[3].fields.push('colour'); }, '/actions/3/fields/4', /updates "colour", which is not a field of Todo/],
  ['an update of a generated field', 'todo', (bp) => { bp.actions[3].fields.push('done'); }, '/actions/3/fields/4', /generated \(managed\).*transition instead/],
  ['a transition by a missing field', 'inventory', (bp) => { bp.actions[4].by = 'code'; }, '/actions/4/by', /"code", which is not a field of Product/],
  ['a guard on a missing field', 'library', (bp) => { bp.actions[4].guards[0].field = 'state'; }, '/actions/4/guards/0/field', /guard on "state", which is not a field of Book/],
  ['a guard literal outside the enum', 'library', (bp) => { bp.actions[4].guards[0].value = { literal: 'lost' }; }, '/actions/4/guards/0/value/literal', /"lost" is not one of the enum values/],
  ['a guard using an undeclared param', 'inventory', (bp) => { bp.actions[5].guards[0].value = { param: 'count' }; }, '/actions/5/guards/0/value/param', /param "count", which it does not declare/],
  ['a guard gt on an enum', 'library', (bp) => { bp.actions[4].guards[0].op = 'gt'; }, '/actions/4/guards/0/op', /gt works on integer, number, date and datetime/],
  ['a guard isNull with a value', 'library', (bp) => { bp.actions[4].guards[0].op = 'isNull'; }, '/actions/4/guards/0/value', /isNull on "status" takes no value/],
  ['a guard eq without a value', 'library', (bp) => { delete bp.actions[4].guards[0].value; }, '/actions/4/guards/0', /needs a "value"/],
  ['a guard in with a non-list literal', 'library', (bp) => { bp.actions[4].guards[0].op = 'in'; }, '/actions/4/guards/0/value/literal', /needs a list literal/],
  ['a guard comparing a number with a string param', 'inventory', (bp) => { bp.actions[5].params[0].type = 'string'; delete bp.actions[5].params[0].min; bp.actions[5].effects = [{ set: 'name', to: { param: 'amount' } }]; }, '/actions/5/guards/0/value', /string "amount" cannot be compared with integer field "quantity"/],
  ['a guard null literal', 'library', (bp) => { bp.actions[4].guards[0].value = { literal: null }; }, '/actions/4/guards/0/value/literal', /null is not a value here/],
  ['an effect on a missing field', 'library', (bp) => { bp.actions[4].effects[0].set = 'state'; }, '/actions/4/effects/0/set', /effect on "state", which is not a field of Book/],
  ['an effect on updatedAt', 'library', (bp) => { bp.actions[4].effects[0].set = 'updatedAt'; }, '/actions/4/effects/0/set', /set by the store/],
  ['an increment on a string', 'inventory', (bp) => { bp.actions[4].effects[0].increment = 'name'; }, '/actions/4/effects/0/increment', /increment works on integer and number fields; "name" is string/],
  ['a decrement by a fractional literal', 'inventory', (bp) => { bp.actions[5].effects[0].by = { literal: 1.5 }; }, '/actions/5/effects/0/by/literal', /positive whole number/],
  ['a decrement by now', 'inventory', (bp) => { bp.actions[5].effects[0].by = { now: true }; }, '/actions/5/effects/0/by', /by "now" makes no sense/],
  ['a toggle on an enum', 'library', (bp) => { bp.actions[4].effects[0] = { toggle: 'status' }; }, '/actions/4/effects/0/toggle', /toggle works on boolean fields; "status" is enum/],
  ['a clear on a required field', 'library', (bp) => { bp.actions[5].effects[1] = { clear: 'title' }; }, '/actions/5/effects/1/clear', /the field is required/],
  ['now stored in a boolean', 'todo', (bp) => { bp.actions[5].effects[0].to = { now: true }; }, '/actions/5/effects/0/to', /"now" is a time and cannot be stored in boolean field "done"/],
  ['a set from a param of another type', 'library', (bp) => { bp.actions[4].params[0] = { name: 'memberId', type: 'integer', required: true }; }, '/actions/4/effects/1/to', /integer "memberId" cannot be stored in reference field "borrowedBy"/],
  ['a set from a reference to another resource', 'library', (bp) => { bp.actions[4].params[0].references = 'Book'; }, '/actions/4/effects/1/to', /reference "memberId" cannot be stored in reference field "borrowedBy"/],
  ['two effects on one field', 'library', (bp) => { bp.actions[5].effects.push({ set: 'status', to: { literal: 'borrowed' } }); }, '/actions/5/effects/3/set', /effects 0 and 3 both change field "status"/],
  ['a param named like the lookup key', 'library', (bp) => { bp.actions[4].params[0].name = 'id'; }, '/actions/4/params/0/name', /collides with the lookup key "id"/],
  ['a generated param', 'library', (bp) => { bp.actions[4].params[0].generated = 'managed'; }, '/actions/4/params/0/generated', /params cannot be generated/],
  ['a tally counting a missing resource', 'poll', (bp) => { bp.actions[3].custom.countResource = 'Ballot'; }, '/actions/3/custom/countResource', /"Ballot", which the blueprint does not define/],
  ['a tally via a non-reference', 'poll', (bp) => { bp.actions[3].custom.via = 'option'; }, '/actions/3/custom/via', /Vote.option must be a reference to Poll/],
  ['a tally over a non-list field', 'poll', (bp) => { bp.actions[3].custom.optionsField = 'question'; }, '/actions/3/custom/optionsField', /must be a stringList, got string/],
  ['a tally grouped by a missing field', 'poll', (bp) => { bp.actions[3].custom.groupField = 'choice'; }, '/actions/3/custom/groupField', /"choice" is not a field of Vote/],
  ['a tally grouped by a field named count', 'poll', (bp) => { bp.resources[1].fields[1].name = 'count'; bp.actions[3].custom.groupField = 'count'; for (const r of bp.rules) if (r.kind === 'membership') r.field = 'count'; for (const a of bp.actions) for (const e of a.examples) { for (const step of e.setup ?? []) if ('option' in step.input) { step.input.count = step.input.option; delete step.input.option; } if ('option' in e.input) { e.input.count = e.input.option; delete e.input.option; } } }, '/actions/3/custom/groupField', /cannot be named "count"/],
  ['a capacity rule on a missing resource', 'rsvp', (bp) => { bp.rules[0].resource = 'Booking'; }, '/rules/0/resource', /"Booking" is not defined/],
  ['a capacity rule via a non-reference', 'rsvp', (bp) => { bp.rules[0].via = 'guestName'; }, '/rules/0/via', /Rsvp.guestName must be a reference/],
  ['a capacity limit that is not an integer', 'rsvp', (bp) => { bp.rules[0].limitField = 'title'; }, '/rules/0/limitField', /must be an integer field, got string/],
  ['a capacity freed by a missing field', 'rsvp', (bp) => { bp.rules[0].freedWhen = { field: 'cancelled', value: true }; }, '/rules/0/freedWhen/field', /"cancelled" is not a field of Rsvp/],
  ['a capacity freed by a value its field never holds', 'rsvp', (bp) => { bp.rules[0].freedWhen = { field: 'guestName', value: true }; }, '/rules/0/freedWhen/value', /Rsvp.guestName \(string\) never holds true/],
  ['a membership list that is not a list', 'poll', (bp) => { bp.rules[0].listField = 'question'; }, '/rules/0/listField', /Poll.question must be a stringList/],
  ['a membership on a missing field', 'poll', (bp) => { bp.rules[0].field = 'choice'; }, '/rules/0/field', /"choice" is not a field of Vote/],
  ['an action without a success example', 'todo', (bp) => { bp.actions[0].examples[0].expect = { status: 400 }; }, '/actions/0/examples', /at least one example that succeeds/],
  ['an action without a refusal example', 'todo', (bp) => { bp.actions[0].examples[1].expect = { status: 200 }; }, '/actions/0/examples', /at least one example that is refused/],
  ['two examples with one name', 'todo', (bp) => { bp.actions[0].examples[1].name = 'adds a todo'; }, '/actions/0/examples/1/name', /two examples named "adds a todo"/],
  ['a setup step running a missing action', 'todo', (bp) => { bp.actions[1].examples[0].setup[0].action = 'addTodo'; }, '/actions/1/examples/0/setup/0/action', /runs action "addTodo", which the blueprint does not define/],
  ['a $ref to an unknown step', 'todo', (bp) => { bp.actions[1].examples[0].input.id = { $ref: 'task.id' }; }, '/actions/1/examples/0/input/id/$ref', /names step "task", which is not an earlier setup step \(earlier: todo\)/],
  ['a $ref to a later step', 'library', (bp) => { bp.actions[4].examples[1].setup[2].input.id = { $ref: 'first.id' }; }, '/actions/4/examples/1/setup/2/input/id/$ref', /not an earlier setup step \(earlier: ada, book\)/],
  ['a $ref without any setup', 'todo', (bp) => { bp.actions[1].examples[1].input.id = { $ref: 'todo.id' }; }, '/actions/1/examples/1/input/id/$ref', /no earlier setup step/],
  ['a malformed $ref', 'todo', (bp) => { bp.actions[1].examples[0].input.id = { $ref: 'todo..id' }; }, '/actions/1/examples/0/input/id/$ref', /must be "<step name>.<path>"/],
  ['a $ref with other keys', 'todo', (bp) => { bp.actions[1].examples[0].input.id = { $ref: 'todo.id', fallback: 'x' }; }, '/actions/1/examples/0/input/id', /no other keys/],
  ['a $ref in an expected result to an unknown step', 'library', (bp) => { bp.actions[4].examples[0].expect.result.borrowedBy = { $ref: 'grace.id' }; }, '/actions/4/examples/0/expect/result/borrowedBy/$ref', /names step "grace"/],
  ['an errorCode on a success', 'todo', (bp) => { bp.actions[0].examples[0].expect.errorCode = 'X'; }, '/actions/0/examples/0/expect/errorCode', /cannot expect an errorCode/],
  ['a result on a refusal', 'todo', (bp) => { bp.actions[0].examples[1].expect.result = {}; }, '/actions/0/examples/1/expect/result', /cannot expect a result/],
  ['a resultCount on a create', 'todo', (bp) => { bp.actions[0].examples[0].expect.resultCount = 1; }, '/actions/0/examples/0/expect/resultCount', /for list actions only/],
];

describe('validateBlueprint refuses a broken shape', () => {
  it.each(structural)('%s', (_title, example, mutate, path, message) => {
    const bp = copy(example);
    const replaced = mutate(bp);
    const issues = issuesOf(replaced === undefined ? bp : replaced);
    expect(issues).toContainEqual({ path, message: expect.stringMatching(message) });
  });
});

describe('validateBlueprint refuses a blueprint that does not hold together', () => {
  it.each(semantic)('%s', (_title, example, mutate, path, message) => {
    const bp = copy(example);
    mutate(bp);
    const issues = issuesOf(bp);
    expect(issues).toContainEqual({ path, message: expect.stringMatching(message) });
  });
});

describe('validateBlueprint reports precisely', () => {
  it('reports only the chosen branch of a value source, not every alternative', () => {
    const bp = copy('todo');
    bp.actions[5].guards[0].value = { param: 3 };
    expect(issuesOf(bp)).toEqual([{ path: '/actions/5/guards/0/value/param', message: 'must be a string, got 3' }]);
  });

  it('reports every problem at once, so one repair round can fix them all', () => {
    const bp = copy('library');
    bp.resources[0].fields[0].name = 'id';
    bp.actions[2].by = 'title';
    bp.rules.push({ kind: 'capacity', resource: 'Loan', via: 'book', limitField: 'max', message: 'full' });
    expect(issuesOf(bp).map((i) => i.path)).toEqual(['/resources/0/fields/0/name', '/actions/2/by', '/rules/0/resource']);
  });

  it('reports meaning problems alongside shape problems, so one repair round can fix both', () => {
    const bp = copy('library');
    delete bp.rules;
    bp.actions[0].examples[0].expect.status = 201;
    bp.actions[2].by = 'title';
    expect(issuesOf(bp)).toEqual([
      { path: '/', message: 'missing required property "rules"' },
      { path: '/actions/0/examples/0/expect/status', message: 'must be one of 200, 400, 404, 409, got 201' },
      { path: '/actions/2/by', message: expect.stringMatching(/"title", which is not unique/) },
    ]);
  });

  it('leaves out meaning findings about a malformed part, keeps those elsewhere', () => {
    const bp = copy('library');
    bp.actions[4].guards[0] = { field: 'status', op: 'equals', value: { literal: 'lost' }, message: 'x' };
    bp.actions[4].effects[1] = { set: 'borrowedBy', to: { param: 42 } };
    bp.actions[5].guards[0].value = { literal: 'lost' };
    expect(issuesOf(bp)).toEqual([
      { path: '/actions/4/guards/0/op', message: expect.stringMatching(/^must be one of "eq", "ne"/) },
      { path: '/actions/4/effects/1/to/param', message: 'must be a string, got 42' },
      { path: '/actions/5/guards/0/value/literal', message: expect.stringMatching(/"lost" is not one of the enum values/) },
    ]);
  });

  it('gives shape issues alone when the shape is too broken to read', () => {
    expect(issuesOf({ schemaVersion: 1, name: 'x', description: 'y', resources: 'Book', actions: [], rules: [] }).map((i) => i.path)).toEqual(['/resources', '/actions']);
  });

  it('formats issues as path-prefixed lines', () => {
    expect(formatBlueprintIssues([{ path: '/actions/0/by', message: 'is wrong' }])).toEqual(['/actions/0/by: is wrong']);
  });

  it('does not let a typed blueprint with an unknown action kind through', () => {
    const bp = copy('todo') as Blueprint;
    (bp.actions[0] as { kind: string }).kind = 'script';
    expect(validateBlueprint(bp).ok).toBe(false);
  });
});

describe('blueprintJsonSchema', () => {
  it('is draft-07 with no Ajv-only keyword, so any JSON Schema consumer can read it', () => {
    const text = JSON.stringify(blueprintJsonSchema);
    expect(blueprintJsonSchema['$schema']).toBe('http://json-schema.org/draft-07/schema#');
    expect(text).not.toContain('discriminator');
    expect(Object.keys(blueprintJsonSchema['definitions'] as object)).toEqual(
      expect.arrayContaining(['resource', 'field', 'action', 'rule', 'valueSource', 'effect', 'exampleCase']),
    );
  });

  it('lists every action kind of the Blueprint type', () => {
    const action = (blueprintJsonSchema['definitions'] as Loose).action;
    expect(action.oneOf.map((v: Loose) => v.properties.kind.const)).toEqual(['create', 'get', 'list', 'update', 'delete', 'transition', 'custom']);
  });
});
