import { describe, expect, it } from 'vitest';
import { createAppEventBus } from './app-events';

describe('app event bus', () => {
  it('delivers an event to its listeners and to every-event listeners, until they stop', () => {
    const bus = createAppEventBus();
    const heard: string[] = [];
    const stopOne = bus.on('restore-click', (props) => heard.push(`one:${props.items}`));
    const stopAll = bus.onAny((name, props) => heard.push(`all:${name}:${JSON.stringify(props)}`));
    bus.emit('restore-click', { items: 2, signed_in: 1 });
    bus.emit('logout-success', {});
    stopOne();
    bus.emit('restore-click', { items: 0, signed_in: 0 });
    stopAll();
    bus.emit('logout-success', {});
    expect(heard).toEqual([
      'one:2',
      'all:restore-click:{"items":2,"signed_in":1}',
      'all:logout-success:{}',
      'all:restore-click:{"items":0,"signed_in":0}',
    ]);
  });

  it('keeps delivering when a listener throws, and reports the error', () => {
    const errors: unknown[] = [];
    const bus = createAppEventBus((error) => errors.push(error));
    const heard: string[] = [];
    bus.on('after-login', () => {
      throw new Error('broken listener');
    });
    bus.on('after-login', (props) => heard.push(props.method));
    bus.onAny(() => {
      throw new Error('broken too');
    });
    bus.onAny((name) => heard.push(name));
    expect(() => bus.emit('after-login', { method: 'password' })).not.toThrow();
    expect(heard).toEqual(['password', 'after-login']);
    expect(errors.map((error) => (error as Error).message)).toEqual([
      'broken listener',
      'broken too',
    ]);
  });
});
