import Gentzen.Basic
