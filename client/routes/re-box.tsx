export { Component } from './preparing.tsx';
