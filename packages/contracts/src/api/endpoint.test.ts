import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, fillPath, pathParamNames } from './endpoint';

describe('defineEndpoint', () => {
  it('adds the path group of the path', () => {
    const drive = defineEndpoint({
      method: 'GET',
      path: '/drive/v1/about',
      summary: 'about',
      tags: ['drive'],
      auth: 'member',
      answer: z.object({ kind: z.literal('drive#about') }),
    });
    expect(drive.group).toBe('drive');
    expect(drive.method).toBe('GET');
    const site = defineEndpoint({
      method: 'GET',
      path: '/healthz',
      summary: 'health',
      tags: [],
      auth: 'visitor',
    });
    expect(site.group).toBeNull();
  });
});

describe('fillPath', () => {
  it('fills parameters, encoded, and makes :: a colon', () => {
    expect(fillPath('/drive/v1/files/:id', { id: 'a b/c' })).toBe('/drive/v1/files/a%20b%2Fc');
    expect(fillPath('/drive/v1/files::batchTrash')).toBe('/drive/v1/files:batchTrash');
    expect(fillPath('/drive/v1/files/:id(^[A-Za-z0-9_-]{1,64})::prove', { id: 'f1' })).toBe(
      '/drive/v1/files/f1:prove',
    );
  });

  it('refuses a missing or empty parameter', () => {
    expect(() => fillPath('/drive/v1/files/:id', {})).toThrow(TypeError);
    expect(() => fillPath('/drive/v1/files/:id', { id: '' })).toThrow(TypeError);
  });

  it('names the parameters of a path', () => {
    expect(pathParamNames('/a/:share_id/b/:id(^x)::prove')).toEqual(['share_id', 'id']);
    expect(pathParamNames('/drive/v1/files::star')).toEqual([]);
  });
});
